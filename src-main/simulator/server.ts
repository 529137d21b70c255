// startSimulator: the simulator with its real services (asset service, media generators, Router).
// Tests and the Demo profile start it in-process; cli.ts starts it from the command line.
import { AssetService } from './assets/assetService';
import { startKernel, type RunningSimulator } from './kernel';
import { makeLatent, makePng, makeWav, makeWebm } from './media';
import type { SimulatorOptions } from './options';
import type { MediaPort } from './ports';
import { createRouterSimulator } from './router';

export type { SimulatorControl, SimulatorStats, JobSummary } from './control';
export type { FaultInput } from './faultSettings';
export type { RunningSimulator } from './kernel';
export type { SimulatorOptions, SimulatorTiming } from './options';

/** Each accepted key is its own owner, so the rollout list of keys is a list of owners. */
function enabledOwners(owners: readonly string[] | null): { enabledOwners?: (owner: string) => boolean } {
  if (owners === null) return {};
  const enabled = new Set(owners);
  return { enabledOwners: (owner) => enabled.has(owner) };
}

/**
 * `media` replaces the generators (a benchmark that needs outputs of a given size and weight, such as 4K
 * renders, brings its own pictures); everything else is the real simulator.
 */
export function startSimulator(
  options: SimulatorOptions,
  overrides: { media?: Partial<MediaPort> } = {},
): Promise<RunningSimulator> {
  return startKernel(options, (context) => ({
    assets: new AssetService({
      surface: context.surface,
      urlTtlSeconds: context.urlTtlSeconds,
      now: context.now,
      ...(context.timing.assetHashDelayMs === undefined
        ? {}
        : { hashDelayMs: context.timing.assetHashDelayMs }),
      ...(context.maxUploadBytes === undefined ? {} : { maxUploadBytes: context.maxUploadBytes }),
      outputUnavailable: context.outputUnavailable,
    }),
    media: { makePng, makeWav, makeWebm, makeLatent, ...overrides.media },
    router: createRouterSimulator({
      now: context.now,
      ...enabledOwners(context.routerEnabledOwners),
      ...(context.timing.routerQueueStepMs === undefined
        ? {}
        : { queueStepMs: context.timing.routerQueueStepMs }),
      ...(context.timing.routerMediaUrlTtlMs === undefined
        ? {}
        : { mediaUrlTtlMs: context.timing.routerMediaUrlTtlMs }),
    }),
  }));
}
