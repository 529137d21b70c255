// The creative loop through the core's dispatcher (so the contract's schemas check every call), against
// real simulators over sockets: two profiles, each on its own simulator, one core.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSnapshotSchema, type JobSnapshot } from '../../../src-shared/contracts/jobs';
import { jobCompareResultSchema, jobRecipeSchema, loopContract } from '../../../src-shared/contracts/loop';
import { startFast, type RunningSimulator } from '../api/testing/conformance/simulatorHarness';
import { callOk, connectCore, createTestCore, submitUntilDone, type TestCore } from '../app/testing/testCore';
import { textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';

let simA: RunningSimulator;
let simB: RunningSimulator;
/** The Demo's seeded history, which has a job pinned to a saved editor workflow (and a long run queueing others). */
let simSeeded: RunningSimulator;
let core: TestCore;
let profileA: string;
let profileB: string;
let profileSeeded: string;

beforeAll(async () => {
  simA = await startFast({ surface: 'serverless' });
  simSeeded = await startFast({ surface: 'serverless', seed: true });
  simB = await startFast({ surface: 'managed' });
  core = await createTestCore();
  profileA = await connectCore(core, { surface: 'serverless', baseUrl: simA.url, name: 'A' });
  profileB = await connectCore(core, { surface: 'managed', baseUrl: simB.url, name: 'B' });
  profileSeeded = await connectCore(core, { surface: 'serverless', baseUrl: simSeeded.url, name: 'seeded' });
});

afterAll(async () => {
  await core.dispose();
  await simA.close();
  await simB.close();
  await simSeeded.close();
});

async function run(profileId: string, seed: number, prompt: string): Promise<JobSnapshot> {
  const { done } = await submitUntilDone(core, {
    profileId,
    workflowJson: JSON.stringify(textToImageWorkflow({ seed, prompt, steps: 2 })),
  });
  expect(done.status).toBe('succeeded');
  return done;
}

const bringResult = loopContract['assets.bringOver'].result;

describe('jobs.compare', () => {
  it('lists exactly the inputs that differ, across two profiles, with times', async () => {
    const a = await run(profileA, 41, 'a lighthouse at dusk');
    const b = await run(profileB, 42, 'a lighthouse at dawn');
    const result = jobCompareResultSchema.parse(
      await callOk(core, 'jobs.compare', {
        profileId: profileA,
        jobs: [
          { profileId: profileA, jobId: a.id },
          { profileId: profileB, jobId: b.id },
        ],
      }),
    );
    expect(result.difference?.inputs.map((d) => d.line)).toEqual([
      '3.seed 41 → 42',
      '6.text "a lighthouse at dusk" → "a lighthouse at dawn"',
    ]);
    expect(result.difference?.nodes).toEqual([]);
    expect(result.jobs.map((j) => [j.profileId, j.jobId, j.format, j.status])).toEqual([
      [profileA, a.id, 'api', 'succeeded'],
      [profileB, b.id, 'api', 'succeeded'],
    ]);
    expect(result.jobs[0]?.completedAt).not.toBeNull();
  });

  it('refuses a job named on a profile that does not exist', async () => {
    const result = await core.dispatcher.call('jobs.compare', {
      profileId: profileA,
      jobs: [
        { profileId: profileA, jobId: 'x' },
        { profileId: 'ghost-profile', jobId: 'y' },
      ],
    });
    expect(!result.ok && result.error.code).toBe('profile_not_found');
  });

  it('says an editor-format (save) workflow cannot be compared input by input, and diffs nothing', async () => {
    let saved: { id: string } | undefined;
    for (const job of simSeeded.control.jobs()) {
      const document = await callOk(core, 'jobs.workflow', { profileId: profileSeeded, jobId: job.id });
      if ((document as { format: string }).format === 'save') saved = job;
    }
    const plain = await run(profileA, 1, 'x');
    expect(saved).toBeDefined();
    const result = jobCompareResultSchema.parse(
      await callOk(core, 'jobs.compare', {
        profileId: profileA,
        jobs: [
          { profileId: profileSeeded, jobId: saved!.id },
          { profileId: profileA, jobId: plain.id },
        ],
      }),
    );
    expect(result.jobs[0]?.format).toBe('save');
    expect(result.jobs[0]?.problem).toMatch(/editor's own saved document.*export it in API format/s);
    expect(result.difference).toBeNull();
    const recipe = jobRecipeSchema.parse(
      await callOk(core, 'jobs.recipe', { profileId: profileSeeded, jobId: saved!.id }),
    );
    expect(recipe.workflowJson).toBeNull();
    expect(recipe.problem).toMatch(/cannot be run again or varied/);
  });
});

describe('jobs.recipe and jobs.runWithChanges', () => {
  it('reads the inputs that hold values, with object_info rules where the service offers them', async () => {
    const job = await run(profileB, 7, 'a fox');
    const recipe = jobRecipeSchema.parse(
      await callOk(core, 'jobs.recipe', { profileId: profileB, jobId: job.id }),
    );
    expect(recipe.format).toBe('api');
    expect(recipe.checked).toBe(true);
    const byTarget = new Map(recipe.inputs.map((input) => [input.target, input]));
    expect(byTarget.get('3.seed')).toMatchObject({ value: 7, rule: { kind: 'INT' } });
    expect(byTarget.get('3.sampler_name')?.rule).toMatchObject({ kind: 'choices' });
    expect(byTarget.has('3.model')).toBe(false); // a link is wiring, not a value
    expect(JSON.parse(recipe.workflowJson ?? 'null')).toEqual(
      textToImageWorkflow({ seed: 7, prompt: 'a fox', steps: 2 }),
    );
  });

  it('submits once through the outbox with the changes, linked to the job it came from', async () => {
    const job = await run(profileA, 5, 'a hare');
    const before = simA.control.jobs().length;
    const changed = jobSnapshotSchema.parse(
      await callOk(core, 'jobs.runWithChanges', {
        profileId: profileA,
        jobId: job.id,
        changes: [
          { target: '3.seed', value: 99 },
          { target: '6.text', value: 'a hare at noon' },
        ],
      }),
    );
    expect(changed.retryOf).toBe(job.id);
    expect(simA.control.jobs().length).toBe(before + 1);
    const sent = jobRecipeSchema.parse(
      await callOk(core, 'jobs.recipe', { profileId: profileA, jobId: changed.id }),
    );
    const values = new Map(sent.inputs.map((input) => [input.target, input.value]));
    expect(values.get('3.seed')).toBe(99);
    expect(values.get('6.text')).toBe('a hare at noon');
    expect(values.get('3.steps')).toBe(2);
    // Written before it was sent: the outbox holds it under a name that says what it is.
    expect(core.store.batches.list(profileA).rows.map((b) => b.name)).toContain(
      `Run again with changes: ${job.id}`,
    );
  });

  it('refuses to change a link, or an input the workflow does not have, and sends nothing', async () => {
    const job = await run(profileA, 6, 'a wren');
    const before = simA.control.jobs().length;
    for (const change of [
      { target: '3.model', value: 1 },
      { target: '3.nope', value: 1 },
      { target: '3.__proto__', value: { polluted: true } },
    ]) {
      const result = await core.dispatcher.call('jobs.runWithChanges', {
        profileId: profileA,
        jobId: job.id,
        changes: [change],
      });
      expect(!result.ok && result.error.code, change.target).toBe('invalid_change');
    }
    expect(simA.control.jobs().length).toBe(before);
  });
});

describe('assets.bringOver', () => {
  it('uploads the bytes once to the other service, then only mints from the hash (0 bytes)', async () => {
    const job = await run(profileA, 11, 'a moth');
    const output = job.outputs.find((o) => o.type === 'image');
    expect(output).toBeDefined();
    const size = output!.sizeBytes ?? 0;
    expect(size).toBeGreaterThan(0);
    const received = () => simB.control.stats().uploadBytesReceived;
    const start = received();

    const first = bringResult.parse(
      await callOk(core, 'assets.bringOver', {
        profileId: profileB,
        fromProfileId: profileA,
        assetIds: [output!.assetId],
      }),
    );
    expect(first.assets[0]).toMatchObject({ how: 'uploaded', bytesSent: size });
    expect(received() - start).toBe(size);

    const again = bringResult.parse(
      await callOk(core, 'assets.bringOver', {
        profileId: profileB,
        fromProfileId: profileA,
        assetIds: [output!.assetId],
      }),
    );
    expect(again.assets[0]).toMatchObject({ how: 'by-hash', bytesSent: 0 });
    expect(received() - start).toBe(size);
    expect(again.assets[0]?.assetId).not.toBe(output!.assetId);
  });

  it('on the same profile, the outputs are inputs already: the same ids, nothing sent', async () => {
    const requests = simA.control.requests().length;
    const same = bringResult.parse(
      await callOk(core, 'assets.bringOver', {
        profileId: profileA,
        fromProfileId: profileA,
        assetIds: ['asset-1'],
      }),
    );
    expect(same.assets).toEqual([
      { sourceAssetId: 'asset-1', assetId: 'asset-1', how: 'same-profile', bytesSent: 0 },
    ]);
    expect(simA.control.requests().length).toBe(requests);
  });

  it('refuses a source profile that does not exist', async () => {
    const result = await core.dispatcher.call('assets.bringOver', {
      profileId: profileB,
      fromProfileId: 'ghost-profile',
      assetIds: ['a'],
    });
    expect(!result.ok && result.error.code).toBe('profile_not_found');
  });

  it('refuses hostile arguments before any request leaves: wrong types, unknown target, too many ids', async () => {
    const before = [simA.control.requests().length, simB.control.requests().length];
    const refusals: Array<[unknown, string]> = [
      [{ profileId: profileB, fromProfileId: profileA, assetIds: 'asset-1' }, 'invalid_arguments'],
      [{ profileId: profileB, fromProfileId: 42, assetIds: ['a'] }, 'invalid_arguments'],
      [{ profileId: profileB, fromProfileId: profileA, assetIds: [] }, 'invalid_arguments'],
      [{ profileId: profileB, fromProfileId: profileA, assetIds: [{ id: 'a' }] }, 'invalid_arguments'],
      [
        {
          profileId: profileB,
          fromProfileId: profileA,
          assetIds: Array.from({ length: 101 }, (_, i) => `a${i}`),
        },
        'invalid_arguments',
      ],
      [
        { profileId: profileB, fromProfileId: profileA, assetIds: ['a'], toProfileId: profileA },
        'invalid_arguments',
      ],
      [{ profileId: 'ghost-target', fromProfileId: profileA, assetIds: ['a'] }, 'profile_not_found'],
    ];
    for (const [args, code] of refusals) {
      const result = await core.dispatcher.call('assets.bringOver', args);
      expect(result.ok ? 'ok' : result.error.code, JSON.stringify(args).slice(0, 80)).toBe(code);
    }
    expect([simA.control.requests().length, simB.control.requests().length]).toEqual(before);
  });
});
