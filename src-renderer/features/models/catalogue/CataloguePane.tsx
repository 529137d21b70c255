import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ModelCatalogue } from '../../../../src-shared/contracts/models';
import { LoadingNote } from '../../../components/LoadingNote';
import { QueryErrorNotice } from '../../../components/QueryErrorNotice';
import { useModelsUi } from '../modelsUiStore';
import { filterModels, providersOf } from './catalogueFilter';
import { CatalogueToolbar } from './CatalogueToolbar';
import { NoModels, RefreshFailed, StaleCatalogueNote } from './CatalogueNotes';
import { ModelRows } from './ModelRows';
import { useRefreshCatalogue } from './useRefreshCatalogue';

interface CataloguePaneProps {
  profileId: string;
  catalogue: UseQueryResult<ModelCatalogue>;
}

/** The Router's models: searchable and filterable, stale rows said to be stale, Refresh at hand. */
export function CataloguePane({ profileId, catalogue }: CataloguePaneProps) {
  const refresh = useRefreshCatalogue(profileId);
  const search = useModelsUi((state) => state.search);
  const provider = useModelsUi((state) => state.provider);
  const outputKind = useModelsUi((state) => state.outputKind);
  const open = useModelsUi((state) => state.open);
  const cursorId = useModelsUi((state) => state.cursorModelId);
  const setCursor = useModelsUi((state) => state.setCursorModel);
  const openModel = useModelsUi((state) => state.openModel);
  const data = catalogue.data?.kind === 'catalogue' ? catalogue.data : null;
  const models = useMemo(() => data?.models ?? [], [data]);
  const shown = useMemo(
    () => filterModels(models, { search, provider, outputKind }),
    [models, search, provider, outputKind],
  );
  const providers = useMemo(() => providersOf(models), [models]);
  const filtered = search !== '' || provider !== '' || outputKind !== '';

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="catalogue">
      <CatalogueToolbar
        providers={providers}
        refreshing={refresh.isPending}
        onRefresh={() => refresh.mutate()}
      />
      {data?.stale ? (
        <StaleCatalogueNote
          fetchedAt={data.fetchedAt}
          reason={data.staleReason}
          onRefresh={() => refresh.mutate()}
        />
      ) : null}
      {refresh.isError ? <RefreshFailed error={refresh.error} onRetry={() => refresh.mutate()} /> : null}
      {catalogue.isPending ? <LoadingNote>Reading the catalogue…</LoadingNote> : null}
      {catalogue.isError && data === null ? (
        <QueryErrorNotice doing="read the model catalogue" query={catalogue} />
      ) : null}
      {data !== null ? (
        <>
          <p className="px-3 pt-1.5 pb-1 text-[11px] text-faint tabular-nums" data-testid="model-count">
            {filtered
              ? `${shown.length} of ${models.length} models`
              : `${models.length} ${models.length === 1 ? 'model' : 'models'}`}
          </p>
          {shown.length === 0 ? (
            <NoModels
              filtered={filtered}
              unknownKinds={
                outputKind === ''
                  ? 0
                  : filterModels(models, { search, provider, outputKind: '' }).filter(
                      (model) => model.outputKind === null,
                    ).length
              }
              onClear={() => {
                const ui = useModelsUi.getState();
                ui.setSearch('');
                ui.setProvider('');
                ui.setOutputKind('');
              }}
            />
          ) : (
            <ModelRows
              models={shown}
              openId={open?.kind === 'model' ? open.modelId : null}
              cursorId={cursorId}
              onCursor={setCursor}
              onOpen={openModel}
            />
          )}
        </>
      ) : null}
    </div>
  );
}
