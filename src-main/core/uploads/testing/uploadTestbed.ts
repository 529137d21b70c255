// Test support (vitest only): the hooks most uploader tests share. One simulator for the test file, reset
// before each test, and a fresh store, profile and files per test, disposed after it.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startFast, type RunningSimulator } from '../../api/testing/conformance/simulatorHarness';
import type { Surface } from '../../profiles';
import { uploadFixture, type UploadFixture } from './uploadFixture';

export interface UploadTestbed {
  /** Set before the first test runs. */
  readonly sim: RunningSimulator;
  /** A new one for each test. */
  readonly fx: UploadFixture;
}

export function uploadTestbed(surface: Surface = 'serverless'): UploadTestbed {
  let sim: RunningSimulator | undefined;
  let fx: UploadFixture | undefined;
  beforeAll(async () => {
    sim = await startFast({ surface });
  });
  afterAll(() => sim?.close());
  beforeEach(async () => {
    if (sim === undefined) throw new Error('the simulator did not start');
    sim.control.reset();
    fx = await uploadFixture({ surface, baseUrl: sim.url, key: 'demo-key' });
  });
  afterEach(() => fx?.dispose());
  return {
    get sim() {
      if (sim === undefined) throw new Error('uploadTestbed: the simulator is read before it started');
      return sim;
    },
    get fx() {
      if (fx === undefined) throw new Error('uploadTestbed: the fixture is read outside a test');
      return fx;
    },
  };
}
