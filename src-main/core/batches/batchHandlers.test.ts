// batches.plan|start|control|failures|retryFailed as the renderer reaches them, through the core's dispatcher
// (so the contract's schemas check every argument and result) against the simulator: a preview that sends
// nothing and names values the service's nodes would refuse, a batch recorded and sent in the background,
// paused and resumed, failures grouped and retried.
import { describe, expect, it } from 'vitest';
import { batchesContract } from '../../../src-shared/contracts/batches';
import type { CallName } from '../../../src-shared/contract';
import { failingWorkflow, textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';
import { coreOnSimulator } from '../app/testing/coreOnSimulator';
import { callOk } from '../app/testing/testCore';

const env = coreOnSimulator('serverless');
const call = (name: CallName, args: unknown): Promise<unknown> => callOk(env.core, name, args);
const contract = batchesContract;

const posts = (): number =>
  env.sim.control.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/api/v2/jobs')).length;

async function finished(batchId: string): Promise<void> {
  await expect
    .poll(
      async () =>
        contract['batches.get'].result.parse(await call('batches.get', { profileId: env.profileId, batchId }))
          .finished,
      {
        timeout: 15_000,
      },
    )
    .toBe(true);
}

describe('batches.* through the core dispatcher', () => {
  it('plan previews the count, the columns and the first items, and sends nothing', async () => {
    const before = posts();
    const preview = contract['batches.plan'].result.parse(
      await call('batches.plan', {
        profileId: env.profileId,
        workflowJson: JSON.stringify(textToImageWorkflow()),
        axes: [
          { kind: 'sweep', text: '3.seed=1..40' },
          { kind: 'sweep', text: '3.steps=0,20' },
        ],
      }),
    );
    expect(preview.count).toBe(80);
    expect(preview.columns.map((column) => [column.target, column.length])).toEqual([
      ['3.seed', 40],
      ['3.steps', 2],
    ]);
    expect(preview.items).toHaveLength(20);
    expect(preview.items[1]?.values).toEqual([
      { target: '3.seed', value: 1 },
      { target: '3.steps', value: 20 },
    ]);
    // A serverless deployment offers no object_info: the preview says the values were not checked.
    expect(preview).toMatchObject({ checked: false, problems: [] });
    expect(posts()).toBe(before);
  });

  it('a bad plan is refused with invalid_batch_plan, and nothing is recorded', async () => {
    const result = await env.core.dispatcher.call('batches.start', {
      profileId: env.profileId,
      workflowJson: JSON.stringify(textToImageWorkflow()),
      axes: [{ kind: 'sweep', text: '3.seed=a,b' }],
      name: 'bad',
      window: 2,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('invalid_batch_plan');
    const { batches } = contract['batches.list'].result.parse(
      await call('batches.list', { profileId: env.profileId }),
    );
    expect(batches.some((batch) => batch.name === 'bad')).toBe(false);
  });

  it('start records every item and sends them in the background; pause stops sending, resume goes on', async () => {
    const before = posts();
    const started = contract['batches.start'].result.parse(
      await call('batches.start', {
        profileId: env.profileId,
        workflowJson: JSON.stringify(textToImageWorkflow({ steps: 30 })),
        fileName: 'sweep.json',
        axes: [{ kind: 'sweep', text: '3.seed=1..6' }],
        name: 'Six seeds',
        window: 1,
      }),
    );
    expect(started).toMatchObject({ state: 'sending', window: 1 });
    await expect.poll(() => posts() - before, { timeout: 5_000 }).toBeGreaterThan(0);
    const paused = contract['batches.control'].result.parse(
      await call('batches.control', { profileId: env.profileId, batchId: started.batchId, action: 'pause' }),
    );
    expect(paused.state).toBe('paused');
    // Read on its own (a batch page opened now), sending stands where the last control left it.
    const read = async () =>
      contract['batches.sending'].result.parse(
        await call('batches.sending', { profileId: env.profileId, batchId: started.batchId }),
      );
    expect(await read()).toEqual({
      batchId: started.batchId,
      state: 'paused',
      window: 1,
      autoRetry: null,
      reason: null,
      waiting: null,
    });
    const sentWhilePaused = posts();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(posts()).toBe(sentWhilePaused);
    expect(posts() - before).toBeLessThan(6);
    await call('batches.control', {
      profileId: env.profileId,
      batchId: started.batchId,
      action: 'resume',
      window: 3,
    });
    expect((await read()).state).toMatch(/^(sending|idle)$/);
    await finished(started.batchId);
    expect(posts() - before).toBe(6);
    // Everything went: the sender stops once it has seen the last answers, and then nothing sends it.
    await expect.poll(async () => (await read()).state, { timeout: 10_000 }).toBe('idle');
    expect((await read()).window).toBe(3);
    const detail = contract['batches.get'].result.parse(
      await call('batches.get', { profileId: env.profileId, batchId: started.batchId }),
    );
    expect(detail.items.map((item) => item.values[0]?.value)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(detail.counts.jobs.succeeded).toBe(6);
  });

  it('get gives the plan’s axes with the inputs each sets: a table’s row is one axis, repeat another', async () => {
    const started = contract['batches.start'].result.parse(
      await call('batches.start', {
        profileId: env.profileId,
        workflowJson: JSON.stringify(textToImageWorkflow({ steps: 1 })),
        axes: [{ kind: 'table', csv: '3.steps,3.cfg\n1,5\n1,7\n', name: 'rows.csv' }],
        repeat: 2,
        name: 'Table with copies',
        window: 4,
      }),
    );
    const detail = contract['batches.get'].result.parse(
      await call('batches.get', { profileId: env.profileId, batchId: started.batchId }),
    );
    expect(detail.zip).toBe(false);
    expect(detail.axes).toEqual([
      { kind: 'table', source: 'rows.csv', targets: ['3.steps', '3.cfg'] },
      { kind: 'repeat', source: 'repeat ×2', targets: ['3.seed'] },
    ]);
    await finished(started.batchId);
  });

  it('failures are grouped by error, and retryFailed sends a group again as new attempts', async () => {
    const started = contract['batches.start'].result.parse(
      await call('batches.start', {
        profileId: env.profileId,
        workflowJson: JSON.stringify(failingWorkflow()),
        axes: [{ kind: 'sweep', text: '2.message=out of memory,out of memory,bad input' }],
        name: 'Failing',
        window: 3,
      }),
    );
    await finished(started.batchId);
    const { groups } = contract['batches.failures'].result.parse(
      await call('batches.failures', { profileId: env.profileId, batchId: started.batchId }),
    );
    expect(groups.map((group) => group.positions)).toEqual([[0, 1], [2]]);
    const before = posts();
    const retried = contract['batches.retryFailed'].result.parse(
      await call('batches.retryFailed', {
        profileId: env.profileId,
        batchId: started.batchId,
        code: groups[0]?.code,
      }),
    );
    expect(retried.retried).toBe(3);
    await finished(started.batchId);
    expect(posts() - before).toBe(3);
  });

  it("another profile's or a missing batch is batch_not_found for every control", async () => {
    for (const name of [
      'batches.control',
      'batches.sending',
      'batches.failures',
      'batches.retryFailed',
    ] as const) {
      const args = {
        profileId: env.profileId,
        ...(name === 'batches.control' ? { batchId: 'nope', action: 'pause' } : { batchId: 'nope' }),
      };
      const result = await env.core.dispatcher.call(name, args);
      expect(result.ok, name).toBe(false);
      if (!result.ok) expect(result.error.code, name).toBe('batch_not_found');
    }
  });

  it('templates: a plan saved under a name lists newest first, the same name replaces it, and it starts again', async () => {
    const plan = {
      workflowJson: JSON.stringify(textToImageWorkflow({ steps: 2 })),
      fileName: 'study.json',
      axes: [{ kind: 'sweep', text: '3.seed=1..2' }],
      window: 2,
    };
    const first = contract['batches.saveTemplate'].result.parse(
      await call('batches.saveTemplate', { name: 'Study', plan }),
    );
    await call('batches.saveTemplate', { name: 'Other', plan });
    const replaced = contract['batches.saveTemplate'].result.parse(
      await call('batches.saveTemplate', { name: ' study ', plan: { ...plan, window: 3 } }),
    );
    expect(replaced.id).toBe(first.id);
    const { templates } = contract['batches.templates'].result.parse(await call('batches.templates', {}));
    expect(templates.map((t) => [t.name, t.plan.window])).toEqual([
      ['study', 3],
      ['Other', 2],
    ]);
    const started = contract['batches.start'].result.parse(
      await call('batches.start', { profileId: env.profileId, ...templates[0]?.plan, name: 'From template' }),
    );
    await finished(started.batchId);
    expect(await call('batches.deleteTemplate', { id: first.id })).toEqual({ deleted: true });
    expect(await call('batches.deleteTemplate', { id: first.id })).toEqual({ deleted: false });
    const refused = await env.core.dispatcher.call('batches.saveTemplate', { name: '', plan });
    expect(refused.ok).toBe(false);
  });
});
