// The contract's models.* entries, answered by core's RouterService for the active profile (runs of another
// profile are no runs here). The stream carries every change of the active profile's runs, and its spend.
import { DomainError } from '../errors';
import type { ProfileService } from '../profiles';
import type { RouterService } from '../router';
import type { CallHandlers, StreamHandlers } from '../rpc/dispatcher';

type ModelNames = Extract<keyof CallHandlers | keyof StreamHandlers, `models.${string}`>;
export type ModelHandlers = Pick<CallHandlers & StreamHandlers, ModelNames>;

export interface ModelHandlerDeps {
  router: RouterService;
  profiles: Pick<ProfileService, 'activeId'>;
}

export function createModelHandlers({ router, profiles }: ModelHandlerDeps): ModelHandlers {
  const active = (): string => {
    const profileId = profiles.activeId();
    if (profileId === null) {
      throw new DomainError('no_active_profile', 'Choose a connection first: models belong to a profile.');
    }
    return profileId;
  };
  return {
    'models.catalogue': ({ refresh }) => router.catalogue(active(), { refresh: refresh ?? false }),
    'models.detail': ({ modelId }) => router.detail(active(), modelId),
    'models.run': ({ modelId, input, mode, options }) =>
      router.run(active(), { modelId, input, mode, ...(options === undefined ? {} : { options }) }),
    'models.retryRun': ({ runId }) => router.retryRun(active(), runId),
    'models.runs': ({ limit }) => ({ runs: router.runs(active(), limit === undefined ? {} : { limit }) }),
    'models.getRun': ({ runId }) => router.getRun(active(), runId),
    'models.cancelRun': ({ runId }) => router.cancelRun(active(), runId),
    'models.spend': () => router.spend(active()),
    'models.updates': (_args, sink) =>
      router.onUpdate((update) => {
        // Runs of every profile are followed; a window hears about the one it shows.
        if (update.profileId === profiles.activeId()) sink.emit({ runs: update.runs, spend: update.spend });
      }),
  };
}
