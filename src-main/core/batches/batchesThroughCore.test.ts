// batches.* as the renderer reaches them: a workflow submitted through jobs.submit becomes a one-item batch,
// and once the simulator has run it, batches.list and batches.get report it through the core's dispatcher
// (so the contract's argument and result schemas check every call).
import { describe, expect, it } from 'vitest';
import { batchDetailSchema, batchesContract } from '../../../src-shared/contracts/batches';
import type { CallName } from '../../../src-shared/contract';
import { jobListPageSchema, jobSnapshotSchema, type JobSummary } from '../../../src-shared/contracts/jobs';
import { coreOnSimulator } from '../app/testing/coreOnSimulator';
import {
  callOk,
  connectCore,
  connectedProfile,
  createTestCore,
  submitUntilDone,
} from '../app/testing/testCore';
import type { JsonObject } from '../store';
import { textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';

const env = coreOnSimulator('serverless');

const call = (name: CallName, args: unknown): Promise<unknown> => callOk(env.core, name, args);

const listResult = batchesContract['batches.list'].result;

describe('batches through the core dispatcher', () => {
  it('shows a submitted workflow as a finished batch with its job’s outputs', async () => {
    const { submitted, done: current } = await submitUntilDone(env.core, {
      profileId: env.profileId,
      workflowJson: JSON.stringify(textToImageWorkflow({ steps: 2 })),
      fileName: 'portrait.json',
    });
    expect(current.status).toBe('succeeded');
    expect(current.outputs.length).toBeGreaterThan(0);
    // A lone submit is a batch of one, which is no batch to a person: its job tells of its own end.
    expect(current.batchId).toBeNull();

    // The watcher writes what it saw to the store in batches (every 250 ms); the batch reads the store.
    await expect
      .poll(async () => listResult.parse(await call('batches.list', { profileId: env.profileId })).batches, {
        timeout: 3000,
      })
      .toEqual([
        expect.objectContaining({
          name: 'Submitted: portrait.json',
          itemCount: 1,
          counts: { submitting: 0, submitFailed: 0, jobs: { succeeded: 1 } },
          outputsCount: current.outputs.length,
          finished: true,
        }),
      ]);
    const [batch] = listResult.parse(await call('batches.list', { profileId: env.profileId })).batches;

    const detail = batchDetailSchema.parse(
      await call('batches.get', { profileId: env.profileId, batchId: batch!.id }),
    );
    expect(detail.items).toEqual([
      expect.objectContaining({
        position: 0,
        submission: 'created',
        attempts: 1,
        jobId: submitted.id,
        job: expect.objectContaining({ id: submitted.id, status: 'succeeded' }) as unknown,
      }),
    ]);
    expect(detail.outputs.map((o) => [o.jobId, o.assetId])).toEqual(
      current.outputs.map((o) => [submitted.id, o.assetId]),
    );
  });

  it('a job of a batch of several carries its batch id, in the list, its snapshot and its row updates', async () => {
    const updates: JobSummary[] = [];
    const owner = {};
    const subscribed = env.core.dispatcher.subscribe(
      owner,
      'jobs.updates',
      'several-updates',
      { profileId: env.profileId },
      (message) => {
        if (message.type === 'event') updates.push(...(message.event as { jobs: JobSummary[] }).jobs);
      },
    );
    expect(subscribed.ok).toBe(true);
    const started = batchesContract['batches.start'].result.parse(
      await call('batches.start', {
        profileId: env.profileId,
        workflowJson: JSON.stringify(textToImageWorkflow({ steps: 2 })),
        axes: [{ kind: 'sweep', text: '3.seed=1..3' }],
        name: 'Three seeds',
        window: 3,
      }),
    );
    const finished = async () =>
      batchDetailSchema.parse(
        await call('batches.get', { profileId: env.profileId, batchId: started.batchId }),
      );
    await expect.poll(async () => (await finished()).finished, { timeout: 10_000 }).toBe(true);
    const jobIds = (await finished()).items.map((item) => item.jobId);
    expect(jobIds).toHaveLength(3);

    const listed = jobListPageSchema.parse(
      await call('jobs.list', { profileId: env.profileId, limit: 50 }),
    ).jobs;
    for (const jobId of jobIds) {
      expect(listed.find((row) => row.id === jobId)?.batchId).toBe(started.batchId);
      const snapshot = jobSnapshotSchema.parse(await call('jobs.get', { profileId: env.profileId, jobId }));
      expect(snapshot.batchId).toBe(started.batchId);
    }
    // Every row the watcher sent for these jobs said so too, so no renderer can mistake one for a lone job.
    await expect.poll(() => updates.filter((row) => jobIds.includes(row.id)).length).toBeGreaterThan(0);
    expect(
      updates.filter((row) => jobIds.includes(row.id)).every((row) => row.batchId === started.batchId),
    ).toBe(true);
    env.core.dispatcher.unsubscribe(owner, 'several-updates');
  });

  it('refuses a malformed batch id before any handler runs, and reports an unknown one as not found', async () => {
    for (const batchId of ['../secrets', 'a b', '', 42]) {
      expect(
        await env.core.dispatcher.call('batches.get', { profileId: connectedProfile(env.core), batchId }),
      ).toMatchObject({
        ok: false,
        error: { code: 'invalid_arguments' },
      });
    }
    expect(
      await env.core.dispatcher.call('batches.get', {
        profileId: connectedProfile(env.core),
        batchId: 'b1',
        extra: true,
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
    expect(
      await env.core.dispatcher.call('batches.get', {
        profileId: connectedProfile(env.core),
        batchId: 'no-such-batch',
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'batch_not_found' },
    });
  });

  it('refuses a call that names no profile, or one that does not exist, as a typed error', async () => {
    const bare = await createTestCore();
    try {
      expect(await bare.dispatcher.call('batches.list', {})).toMatchObject({
        ok: false,
        error: { code: 'invalid_arguments' },
      });
      expect(await bare.dispatcher.call('batches.get', { profileId: 'gone', batchId: 'b1' })).toMatchObject({
        ok: false,
        error: { code: 'profile_not_found' },
      });
    } finally {
      await bare.dispose();
    }
  });
});

describe('a submission cut off by a crash, across a restart of the core', () => {
  it('is taken up at the next start: its batch fills in with the one job it made', async () => {
    const first = await createTestCore();
    const profileId = await connectCore(first, { surface: 'serverless', baseUrl: env.sim.url });
    const request = { workflow: textToImageWorkflow({ steps: 2, seed: 77 }) } as JsonObject;
    first.store.batches.create({ id: 'crashed', profileId, name: 'Submitted: crashed.json' }, [
      { id: 'crashed-item', idempotencyKey: `key-${Date.now()}`, request },
    ]);
    // Marked sent, then the process died before the request left.
    first.store.batchItems.markSent('crashed-item');
    await first.close();

    const second = await createTestCore({ dataDir: first.dataDir, keychain: first.keychain });
    try {
      // Any jobs call builds the profile's jobs, which takes up what the last run left unanswered.
      await callOk(second, 'jobs.list', { profileId: connectedProfile(second) });
      await expect
        .poll(
          async () =>
            batchDetailSchema.parse(
              await callOk(second, 'batches.get', {
                profileId: connectedProfile(second),
                batchId: 'crashed',
              }),
            ).items,
          { timeout: 10_000 },
        )
        .toEqual([expect.objectContaining({ submission: 'created', attempts: 2 })]);
    } finally {
      await second.close();
      await first.dispose();
    }
  });
});
