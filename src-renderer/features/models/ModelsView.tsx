import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ModelCatalogue } from '../../../src-shared/contracts/models';
import { ListBesideDetail, type PaneLayout } from '../../components/jobs/ListBesideDetail';
import { NothingOpen } from '../../components/jobs/NothingOpen';
import { Tabs } from '../../components/Tabs';
import { useLoupe } from '../../lib/loupeContext';
import type { UseQueryResult } from '@tanstack/react-query';
import { CataloguePane } from './catalogue/CataloguePane';
import { ModelPage } from './model/ModelPage';
import { runsQuery } from './modelQueries';
import { MODEL_LIST_WIDTH, useModelsUi, type ModelsTab } from './modelsUiStore';
import { RunPage } from './runs/RunPage';
import { RunsPane } from './runs/RunsPane';
import { useModelUpdates } from './useModelUpdates';

const MODEL_PANES: PaneLayout = {
  label: 'Resize the model list',
  limits: MODEL_LIST_WIDTH,
  listMinWidth: 'min-w-72',
  detailRoom: '26rem',
};

function NothingPicked() {
  return (
    <NothingOpen
      testId="no-model-open"
      title="No model open"
      hint={
        <>
          <kbd className="font-mono">↑</kbd>/<kbd className="font-mono">↓</kbd> move ·{' '}
          <kbd className="font-mono">Enter</kbd> opens
        </>
      }
    >
      Pick a model to read its input schema and run it, or a run to see its answer and cost.
    </NothingOpen>
  );
}

interface ModelsViewProps {
  profileId: string;
  catalogue: UseQueryResult<ModelCatalogue>;
}

/** The Models screen: the catalogue (or the runs) beside the open model or run. */
export function ModelsView({ profileId, catalogue }: ModelsViewProps) {
  const loupe = useLoupe();
  const enterProfile = useModelsUi((state) => state.enterProfile);
  const tab = useModelsUi((state) => state.tab);
  const setTab = useModelsUi((state) => state.setTab);
  const open = useModelsUi((state) => state.open);
  const close = useModelsUi((state) => state.close);
  const listWidth = useModelsUi((state) => state.listWidth);
  const setListWidth = useModelsUi((state) => state.setListWidth);
  const runs = useQuery(runsQuery(loupe, profileId));
  useModelUpdates();
  useEffect(() => enterProfile(profileId), [profileId, enterProfile]);

  const tabs: { name: ModelsTab; label: string; count?: number }[] = [
    { name: 'catalogue', label: 'Catalogue' },
    { name: 'runs', label: 'Runs', count: runs.data?.length ?? 0 },
  ];
  return (
    <div className="flex h-full min-w-0">
      <ListBesideDetail
        layout={MODEL_PANES}
        width={listWidth}
        onResize={setListWidth}
        list={
          <section aria-label="Model list" className="flex h-full min-w-0 flex-col">
            <Tabs label="Models and runs" tabs={tabs} current={tab} onChoose={setTab}>
              {tab === 'catalogue' ? (
                <CataloguePane profileId={profileId} catalogue={catalogue} />
              ) : (
                <RunsPane runs={runs} />
              )}
            </Tabs>
          </section>
        }
      >
        {open === null ? (
          <NothingPicked />
        ) : open.kind === 'model' ? (
          <ModelPage key={open.modelId} profileId={profileId} modelId={open.modelId} onClose={close} />
        ) : (
          <RunPage key={open.runId} profileId={profileId} runId={open.runId} />
        )}
      </ListBesideDetail>
    </div>
  );
}
