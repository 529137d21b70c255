// Test support: a fast simulator (its Router on the same server) and a real core (SQLite file in a temporary data
// folder) with a profile whose Router address is the simulator's, over real sockets. Helpers read what the
// simulator saw from its request log.
import type { SimulatorOptions } from '../../../simulator/options';
import type { RecordedRequest } from '../../../simulator/requestLog';
import { startFast, type RunningSimulator } from '../../api/testing/conformance/simulatorHarness';
import { createTestCore, type TestCore, type TestCoreOptions } from '../../app/testing/testCore';

export interface RouterEnv {
  sim: RunningSimulator;
  core: TestCore;
  profileId: string;
  close(): Promise<void>;
}

export interface RouterEnvOptions {
  sim?: Partial<SimulatorOptions>;
  core?: TestCoreOptions;
  key?: string;
}

export async function startRouterEnv(options: RouterEnvOptions = {}): Promise<RouterEnv> {
  const sim = await startFast({ surface: 'serverless', ...options.sim });
  const core = await createTestCore(options.core);
  const profileId = await addRouterProfile(core, sim, options.key ?? 'demo-key', 'router sim');
  await core.profiles.setActive(profileId);
  return {
    sim,
    core,
    profileId,
    close: async () => {
      await core.dispose();
      await sim.close();
    },
  };
}

/** A profile on the simulator with its Router at the simulator's own address. */
export async function addRouterProfile(
  core: TestCore,
  sim: RunningSimulator,
  key: string,
  name: string,
): Promise<string> {
  const profile = await core.profiles.create({
    name,
    surface: 'serverless',
    baseUrl: sim.url,
    routerBaseUrl: sim.url,
  });
  await core.profiles.setCredential(profile.id, key);
  return profile.id;
}

/** The simulator's log of requests to paths ending in `suffix` (method too, when given). */
export function routerRequests(
  sim: RunningSimulator,
  suffix: string | RegExp,
  method?: string,
): RecordedRequest[] {
  return sim.control
    .requests()
    .filter(
      (request) =>
        (method === undefined || request.method === method) &&
        (typeof suffix === 'string' ? request.path.endsWith(suffix) : suffix.test(request.path)),
    );
}

/** Polls `probe` until it returns a value (not undefined), failing after `timeoutMs`. */
export async function eventually<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('eventually: timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
