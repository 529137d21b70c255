// Test support: for a whole test file, a fast simulator on one surface and a real core whose active profile
// connects to it, made in beforeAll and closed in afterAll. Read them through the returned object: they
// exist once beforeAll has run, so a test or a later hook sees them, the file's top level does not.
import { afterAll, beforeAll } from 'vitest';
import { startFast, type RunningSimulator } from '../../api/testing/conformance/simulatorHarness';
import type { Surface } from '../../profiles';
import { connectCore, createTestCore, type TestCore } from './testCore';

export interface CoreOnSimulator {
  readonly sim: RunningSimulator;
  readonly core: TestCore;
  /** The profile connected to the simulator (the one per-profile calls name). */
  readonly profileId: string;
}

export function coreOnSimulator(surface: Surface): CoreOnSimulator {
  let sim: RunningSimulator | undefined;
  let core: TestCore | undefined;
  let profileId: string | undefined;
  beforeAll(async () => {
    sim = await startFast({ surface });
    core = await createTestCore();
    profileId = await connectCore(core, { surface, baseUrl: sim.url });
  });
  // Hooks after this one close first (vitest runs after-hooks as a stack), so whatever a file builds on
  // the core is gone before the core is.
  afterAll(async () => {
    await core?.dispose();
    await sim?.close();
  });
  return {
    get sim() {
      return made(sim);
    },
    get core() {
      return made(core);
    },
    get profileId() {
      return made(profileId);
    },
  };
}

function made<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('coreOnSimulator: read before its beforeAll ran');
  return value;
}
