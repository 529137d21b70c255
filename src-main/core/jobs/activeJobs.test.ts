// ActiveJobs takes up an earlier run's unanswered submissions once per profile in a run: switching away
// and back builds the profile's jobs again, but must not take the same items up again.
import Database from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFast, type RunningSimulator } from '../api/testing/conformance/simulatorHarness';
import { callOk, connectCore, createTestCore, type TestCore } from '../app/testing/testCore';
import type { JsonObject } from '../store';
import { textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';

let sim: RunningSimulator;
let core: TestCore;
beforeAll(async () => {
  sim = await startFast({ surface: 'serverless' });
  core = await createTestCore();
});
afterAll(async () => {
  await core.dispose();
  await sim.close();
});

const anHourAgo = () => new Date(Date.now() - 60 * 60 * 1000).toISOString();

/** Writes behind the store's back: the item as an earlier run (an hour ago) left it, never sent. */
function rewind(key: string): void {
  const db = new Database(core.store.path);
  try {
    const at = anHourAgo();
    db.prepare(
      "UPDATE batch_items SET state = 'pending', idempotency_key = ?, job_id = NULL, created_at = ?, updated_at = ? WHERE id = ?",
    ).run(key, at, at, 'old-item');
  } finally {
    db.close();
  }
}

describe('ActiveJobs', () => {
  it('takes up an earlier run’s unanswered submissions once per profile, not at every switch back', async () => {
    const first = await connectCore(core, { surface: 'serverless', baseUrl: sim.url });
    const request = { workflow: textToImageWorkflow({ seed: 4242 }) } as JsonObject;
    core.store.batches.create({ id: 'old', profileId: first, name: 'Submitted: old.json' }, [
      { id: 'old-item', idempotencyKey: 'old-key', request },
    ]);
    rewind('old-key');

    // Building the profile's jobs takes it up: never sent, recent enough, so it goes out now.
    await callOk(core, 'jobs.list', {});
    await expect.poll(() => core.store.batchItems.get('old-item')?.state, { timeout: 5_000 }).toBe('created');

    // As if it had never been sent; then away to another profile and back, which builds anew.
    rewind('old-key-2');
    const second = await connectCore(core, { surface: 'serverless', baseUrl: sim.url, name: 'other' });
    await callOk(core, 'jobs.list', {});
    await core.profiles.setActive(first);
    await callOk(core, 'jobs.list', {});
    // Taken up again, it would be sent within a few tens of milliseconds (the first time shows how fast).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(core.store.batchItems.get('old-item')?.state).toBe('pending');
    expect(second).not.toBe(first);
  });
});
