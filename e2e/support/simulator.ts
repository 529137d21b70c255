// A simulator per test, started in the Playwright process (its TS loader reads the simulator's sources as
// they are), on a free loopback port, with timings fast enough that a whole surface runs in seconds yet slow
// enough that a person, or a test, can watch a sampler's steps go by.
import type { RunningSimulator, SimulatorTiming } from '../../src-main/simulator/server';
import { startSimulator } from '../../src-main/simulator/server';
import type { Surface } from '../../src-main/simulator/types';
import { test as shellTest } from '../webShell';

/** The key the simulator accepts by default on managed and serverless (each key is its own owner). */
export const DEMO_KEY = 'demo-key';

export const e2eTiming: Partial<SimulatorTiming> = {
  dispatchMs: 20,
  nodeMs: 20,
  stepMs: 50,
  progressThrottleMs: 100,
  previewThrottleMs: 100,
  keepaliveMs: 2_000,
};

export const test = shellTest.extend<{ surface: Surface; simulator: RunningSimulator }>({
  surface: ['serverless', { option: true }],
  simulator: async ({ surface }, use) => {
    const simulator = await startSimulator({ surface, timing: e2eTiming });
    await use(simulator);
    await simulator.close();
  },
});

export { expect } from '../webShell';
export type { RunningSimulator, Surface };

/** How many job submissions (POST /api/v2/jobs) the simulator has seen. */
export function jobPosts(simulator: RunningSimulator): number {
  const path = `${simulator.control.prefix}/api/v2/jobs`;
  return simulator.control.requests().filter((r) => r.method === 'POST' && r.path === path).length;
}
