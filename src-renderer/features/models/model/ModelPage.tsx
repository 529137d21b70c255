import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ModelCatalogue } from '../../../../src-shared/contracts/models';
import { Button } from '../../../components/Button';
import { LoadingNote } from '../../../components/LoadingNote';
import { QueryErrorNotice } from '../../../components/QueryErrorNotice';
import { useLoupe } from '../../../lib/loupeContext';
import { modelKeys } from '../../../queries/modelKeys';
import { modelDetailQuery } from '../modelQueries';
import { useFocusIfLost } from '../useFocusIfLost';
import { ModelFacts } from './ModelFacts';
import { ModelWorkbench } from './ModelWorkbench';

interface ModelPageProps {
  profileId: string;
  modelId: string;
  onClose: () => void;
}

/** A model's page: its facts, a form built from its input schema, how to run it, and its last run. */
export function ModelPage({ profileId, modelId, onClose }: ModelPageProps) {
  const loupe = useLoupe();
  const detail = useQuery(modelDetailQuery(loupe, profileId, modelId));
  const page = useRef<HTMLDivElement>(null);
  useFocusIfLost(page);
  const client = useQueryClient();
  const learnedKind = detail.data?.outputKind ?? null;
  // What a model makes is known once its schema is read: the catalogue row shows it (and filters by it) too.
  useEffect(() => {
    if (learnedKind === null) return;
    client.setQueryData<ModelCatalogue>(modelKeys.catalogue(profileId), (held) =>
      held?.kind !== 'catalogue' ||
      !held.models.some((model) => model.id === modelId && model.outputKind !== learnedKind)
        ? held
        : {
            ...held,
            models: held.models.map((model) =>
              model.id === modelId ? { ...model, outputKind: learnedKind } : model,
            ),
          },
    );
  }, [client, profileId, modelId, learnedKind]);
  return (
    <div
      ref={page}
      tabIndex={-1}
      aria-label={`Model ${modelId}`}
      className="flex h-full min-w-0 flex-col outline-none"
      data-testid="model-page"
      data-model-id={modelId}
    >
      {detail.isPending ? <LoadingNote>Reading the model and its input schema…</LoadingNote> : null}
      {detail.isError ? (
        <>
          <QueryErrorNotice doing="read this model" query={detail} />
          <div className="px-4">
            <Button variant="ghost" onClick={onClose}>
              Close
            </Button>
          </div>
        </>
      ) : null}
      {detail.data ? (
        <>
          <ModelFacts model={detail.data} />
          <ModelWorkbench key={modelId} profileId={profileId} model={detail.data} />
        </>
      ) : null}
    </div>
  );
}
