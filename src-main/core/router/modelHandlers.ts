// The contract's models.* entries, answered by core's RouterService for the profile each names (runs of another
// profile are no runs there). The stream carries every change of that profile's runs, and its spend.
import type { RouterService } from '.';
import type { CallHandlers, StreamHandlers } from '../rpc/dispatcher';

type ModelNames = Extract<keyof CallHandlers | keyof StreamHandlers, `models.${string}`>;
export type ModelHandlers = Pick<CallHandlers & StreamHandlers, ModelNames>;

export interface ModelHandlerDeps {
  router: RouterService;
}

export function createModelHandlers({ router }: ModelHandlerDeps): ModelHandlers {
  return {
    'models.catalogue': ({ profileId, refresh }) =>
      router.catalogue(profileId, { refresh: refresh ?? false }),
    'models.detail': ({ profileId, modelId }) => router.detail(profileId, modelId),
    'models.run': ({ profileId, modelId, input, mode, options }) =>
      router.run(profileId, { modelId, input, mode, ...(options === undefined ? {} : { options }) }),
    'models.retryRun': ({ profileId, runId }) => router.retryRun(profileId, runId),
    'models.runs': ({ profileId, limit }) => ({
      runs: router.runs(profileId, limit === undefined ? {} : { limit }),
    }),
    'models.getRun': ({ profileId, runId }) => router.getRun(profileId, runId),
    'models.cancelRun': ({ profileId, runId }) => router.cancelRun(profileId, runId),
    'models.spend': ({ profileId }) => router.spend(profileId),
    'models.updates': ({ profileId }, sink) =>
      router.onUpdate((update) => {
        // Runs of every profile are followed; a stream hears about the profile it names.
        if (update.profileId === profileId) sink.emit({ runs: update.runs, spend: update.spend });
      }),
  };
}
