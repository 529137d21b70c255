// Query options for the Router (models.*). The catalogue and a model's detail come from Loupe's store
// unless refreshed, so reading them is cheap; runs are live through models.updates (useModelUpdates.ts) and,
// while one is unfinished, polled slowly as well (rule 4: polling is the truth, the stream a hint).
import { queryOptions } from '@tanstack/react-query';
import type { LoupeApi } from '../../../src-preload/buildApi';
import type {
  ModelCatalogue,
  ModelDetail,
  RouterRunDetail,
  RouterRunSummary,
  RouterSpend,
} from '../../../src-shared/contracts/models';
import { unwrap } from '../../lib/callError';
import { modelKeys } from '../../queries/modelKeys';
import { isUnfinished } from './runStates';

export const RUN_POLL_MS = { run: 3_000, list: 10_000 } as const;

/** How long after a run's answer its media are looked for again while Loupe is still saving them. */
export const MEDIA_WAIT_MS = 2 * 60_000;

/** Read again while the run is unfinished, or its media are still being saved (for a while after the answer). */
function runNeedsPolling(run: RouterRunDetail | undefined): boolean {
  if (run === undefined) return false;
  if (isUnfinished(run.state)) return true;
  const saving = run.media.some((media) => media.url === null);
  return saving && Date.now() - Date.parse(run.updatedAt) < MEDIA_WAIT_MS;
}

export const catalogueQuery = (loupe: LoupeApi, profileId: string) =>
  queryOptions({
    queryKey: modelKeys.catalogue(profileId),
    queryFn: (): Promise<ModelCatalogue> => unwrap(loupe.models.catalogue({ profileId })),
    staleTime: 60_000,
  });

export const modelDetailQuery = (loupe: LoupeApi, profileId: string, modelId: string) =>
  queryOptions({
    queryKey: modelKeys.detail(profileId, modelId),
    queryFn: (): Promise<ModelDetail> => unwrap(loupe.models.detail({ profileId, modelId })),
    staleTime: 5 * 60_000,
  });

export const runsQuery = (loupe: LoupeApi, profileId: string) =>
  queryOptions({
    queryKey: modelKeys.runs(profileId),
    queryFn: async (): Promise<RouterRunSummary[]> => (await unwrap(loupe.models.runs({ profileId }))).runs,
    refetchInterval: (query) =>
      query.state.data?.some((run) => isUnfinished(run.state)) === true ? RUN_POLL_MS.list : false,
  });

export const runQuery = (loupe: LoupeApi, profileId: string, runId: string) =>
  queryOptions({
    queryKey: modelKeys.run(profileId, runId),
    queryFn: (): Promise<RouterRunDetail> => unwrap(loupe.models.getRun({ profileId, runId })),
    refetchInterval: (query) => (runNeedsPolling(query.state.data) ? RUN_POLL_MS.run : false),
  });

export const spendQuery = (loupe: LoupeApi, profileId: string) =>
  queryOptions({
    queryKey: modelKeys.spend(profileId),
    queryFn: (): Promise<RouterSpend> => unwrap(loupe.models.spend({ profileId })),
  });
