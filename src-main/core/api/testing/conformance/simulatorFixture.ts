// Test support: one simulator and its default clients for a whole test file or describe block, so each
// file does not repeat the start, close and reset hooks. Call it where the block is declared; `sim` and
// `api` exist from beforeAll on, so read them inside tests and hooks only.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { SimulatorOptions } from '../../../../simulator/server';
import {
  clientsFor,
  connectionTo,
  resetSim,
  startFast,
  type Clients,
  type RunningSimulator,
} from './simulatorHarness';

export interface SimulatorFixture {
  readonly sim: RunningSimulator;
  /** Clients with the surface's default credential whose waits run in simulated time (see clientsFor). */
  readonly api: Clients;
}

export interface SimulatorFixtureOptions {
  /** After each test, forget the clients' waits and reset the simulator (default); off, state carries over. */
  resetAfterEach?: boolean;
}

export function simulatorFixture(
  options: SimulatorOptions,
  { resetAfterEach = true }: SimulatorFixtureOptions = {},
): SimulatorFixture {
  let started: SimulatorFixture | null = null;
  const current = (): SimulatorFixture => {
    if (started === null)
      throw new Error('The simulator starts in beforeAll: read it inside a test or hook.');
    return started;
  };

  beforeAll(async () => {
    const sim = await startFast(options);
    started = { sim, api: clientsFor(connectionTo(sim), { sim }) };
  });
  afterAll(() => current().sim.close());
  if (resetAfterEach) {
    afterEach(async () => {
      const { sim, api } = current();
      api.waits.length = 0;
      await resetSim(sim);
    });
  }

  return {
    get sim() {
      return current().sim;
    },
    get api() {
      return current().api;
    },
  };
}
