// Submissions an earlier run recorded but never saw answered are taken up when the profile's jobs are next
// built: one job in the end, never two. The "earlier run" is rows written in the store before a second
// runtime starts over the same store; the simulator's job count and request log are the evidence.
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../api';
import { connectionTo } from '../api/testing/conformance/simulatorHarness';
import type { JsonObject } from '../store';
import { textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';
import { fastWatch, jobsFixture, type JobsFixture } from '../jobs/testing/conformance/jobsHarness';
import { createProfileJobs, type ProfileJobs } from '../jobs/profileJobs';
import { ServiceJobs } from '../jobSources/serviceJobs';
import { RESEND_WINDOW_MS } from './submissionResumer';

let fx: JobsFixture;
let resumed: ProfileJobs | null = null;

beforeEach(async () => {
  fx = await jobsFixture({ sim: { surface: 'serverless' } });
});
afterEach(async () => {
  await resumed?.dispose();
  resumed = null;
  await fx.dispose();
});

let counter = 0;
/** A batch of one recorded as jobs.submit records it, left in `state` as a crash would leave it. */
function recordItem(state: 'pending' | 'sent' | 'unknown'): {
  itemId: string;
  key: string;
  body: JsonObject;
} {
  counter += 1;
  const body = { workflow: textToImageWorkflow({ seed: 1000 + counter, steps: 2 }) } as JsonObject;
  const itemId = `item-${counter}`;
  const key = `key-${counter}-${Date.now()}`;
  fx.store.batches.create({ id: `batch-${counter}`, profileId: fx.profileId, name: 'Submitted: a.json' }, [
    { id: itemId, idempotencyKey: key, request: body },
  ]);
  if (state !== 'pending') fx.store.batchItems.markSent(itemId);
  if (state === 'unknown') fx.store.batchItems.markResult(itemId, { outcome: 'unknown', error: 'lost' });
  return { itemId, key, body };
}

/** The first request of the crashed run, which did reach the service. */
async function sendDirectly(body: JsonObject, key: string): Promise<string> {
  const api = new ServiceJobs(new HttpClient({ connection: connectionTo(fx.sim) }));
  const outcome = await api.submit(body as never, key);
  if (outcome.kind !== 'created') throw new Error(`the direct submission came back ${outcome.kind}`);
  return outcome.value.id;
}

/** The next run: a new runtime over the same store, taking up what was recorded before it started. */
function restart(): void {
  resumed = createProfileJobs(fx.profileId, connectionTo(fx.sim), fx.store, {
    resumeSubmissionsBefore: Date.now() + 1,
    reconcileAttempts: 3,
    reconcileDelayMs: 20,
    watch: fastWatch,
  });
}

async function settled(itemId: string, states: string[] = ['created', 'failed']) {
  await expect
    .poll(() => fx.store.batchItems.get(itemId)?.state, { timeout: 10_000 })
    .toSatisfy((state) => typeof state === 'string' && states.includes(state));
  return fx.store.batchItems.get(itemId);
}

const submits = async () => (await fx.requests(/\/api\/v2\/jobs$/)).filter((r) => r.method === 'POST');

/** Moves an item's times back, as if it had been recorded `ageMs` ago. */
function age(itemId: string, ageMs: number): void {
  const at = new Date(Date.now() - ageMs).toISOString();
  const db = new Database(fx.store.path);
  try {
    db.prepare('UPDATE batch_items SET created_at = ?, updated_at = ? WHERE id = ?').run(at, at, itemId);
  } finally {
    db.close();
  }
}

describe('submissions taken up after a crash', () => {
  it('an answer lost after the job was made: the resend is refused by its key, and the job is found', async () => {
    const { itemId, key, body } = recordItem('sent');
    const jobId = await sendDirectly(body, key);
    restart();
    expect(await settled(itemId)).toMatchObject({ state: 'created', jobId });
    // Two POSTs under the one key; the second was refused, so one job exists.
    expect((await submits()).map((r) => r.status)).toEqual([201, 422]);
    expect(fx.sim.control.stats().jobs.total).toBe(1);
    expect(fx.store.jobs.get(fx.profileId, jobId)).not.toBeNull();
  });

  it('a request that never left is sent once, under its recorded key', async () => {
    const { itemId } = recordItem('pending');
    restart();
    const item = await settled(itemId);
    expect(item).toMatchObject({ state: 'created', attempts: 1 });
    expect(await submits()).toHaveLength(1);
    expect(fx.sim.control.stats().jobs.total).toBe(1);
  });

  it('a request marked sent that never reached the service goes out under the same key and makes one job', async () => {
    const { itemId } = recordItem('unknown');
    restart();
    expect(await settled(itemId)).toMatchObject({ state: 'created', attempts: 2 });
    expect(fx.sim.control.stats().jobs.total).toBe(1);
  });

  it('past the key lifetime nothing is resent: the job is only looked for', async () => {
    const { itemId, key, body } = recordItem('sent');
    const jobId = await sendDirectly(body, key);
    const lost = recordItem('sent');
    age(itemId, RESEND_WINDOW_MS + 60_000);
    age(lost.itemId, RESEND_WINDOW_MS + 60_000);
    restart();
    expect(await settled(itemId)).toMatchObject({ state: 'created', jobId });
    const notFound = await settled(lost.itemId, ['unknown']);
    expect(notFound?.lastError).toContain('could not find the job');
    // Only the crashed run's own request was ever a POST.
    expect(await submits()).toHaveLength(1);
  });

  it('a request that never left, long ago, is not sent now: it says to submit again', async () => {
    const { itemId } = recordItem('pending');
    age(itemId, RESEND_WINDOW_MS + 60_000);
    restart();
    expect((await settled(itemId))?.lastError).toContain('Submit it again');
    expect(await submits()).toHaveLength(0);
  });

  it('leaves alone what this run is sending itself', async () => {
    resumed = createProfileJobs(fx.profileId, connectionTo(fx.sim), fx.store, {
      resumeSubmissionsBefore: Date.now() - 60_000,
      watch: fastWatch,
    });
    const { itemId } = recordItem('sent');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fx.store.batchItems.get(itemId)?.state).toBe('sent');
    expect(await submits()).toHaveLength(0);
  });
});
