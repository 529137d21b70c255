// The job list names the rows of one sweep apart: beside the title they share (the prompt), each row carries the
// values of the batch item it ran, in words; a retried item's earlier job keeps them; a job of no batch has none.
// Against the simulator, through the same list the window and the CLI read.
import { afterEach, describe, expect, it } from 'vitest';
import { textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';
import { jobsFixture, type JobsFixture } from '../jobs/testing/conformance/jobsHarness';
import { recordPlannedBatch } from '../outbox/plannedBatch';
import { itemValuesText } from '../../../src-shared/itemValuesText';
import { namedItemValues } from '../store/facts/itemValueNames';

let fixture: JobsFixture | null = null;
afterEach(async () => {
  await fixture?.dispose();
  fixture = null;
});

let ids = 0;
const newId = (): string => `id-${++ids}-${Math.random().toString(36).slice(2)}`;

describe('the values of a batch item beside its job', () => {
  it('names each row of a sweep by its values, and a lone job by none', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const { store, profileId, jobs } = fixture;
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'serverless', newId },
      { name: 'sweep', plan: { axes: ['3.seed', '3.cfg'] } },
      [7, 8].map((seed) => ({
        values: [
          { target: '3.seed', value: seed },
          { target: '3.cfg', value: 4.5 },
        ],
        workflow: textToImageWorkflow({ seed, steps: 2 }),
      })),
    );
    await jobs.batches.run(batch.id, { window: 2, signal: new AbortController().signal });
    const lone = await jobs.service.submit({
      workflowJson: JSON.stringify(textToImageWorkflow({ seed: 1, steps: 2 })),
    });

    const page = await jobs.service.list({});
    const byId = new Map(page.jobs.map((job) => [job.id, job]));
    const items = store.batchItems.listForBatch(batch.id).rows;
    expect(items.map((item) => byId.get(item.jobId ?? '')?.itemValues)).toEqual([
      'seed 7, cfg 4.5',
      'seed 8, cfg 4.5',
    ]);
    expect(byId.get(lone.id)?.itemValues).toBeNull();
    // The rows share their title: the values are what tells them apart.
    const titles = items.map((item) => byId.get(item.jobId ?? '')?.title);
    expect(titles[0]).toBe(titles[1]);
  });

  it('keeps the values on the job an item ran before it was retried', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const { store, profileId, jobs } = fixture;
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'serverless', newId },
      { name: 'one', plan: { axes: ['3.seed'] } },
      [{ values: [{ target: '3.seed', value: 3 }], workflow: textToImageWorkflow({ seed: 3, steps: 2 }) }],
    );
    await jobs.batches.run(batch.id, { window: 1, signal: new AbortController().signal });
    const first = store.batchItems.listForBatch(batch.id).rows[0];
    expect(first?.jobId).toBeTruthy();
    store.batchItems.requeueForRetry(first?.id ?? '', 'retry-key-1');
    const page = await jobs.service.list({});
    expect(page.jobs.find((job) => job.id === first?.jobId)?.itemValues).toBe('seed 3');
  });
});

describe('item values in words', () => {
  it('names an input without its node, keeps long values short, and says nothing for none', () => {
    expect(
      itemValuesText(
        namedItemValues([
          { target: '3.seed', value: 7 },
          { target: '6.text', value: 'x'.repeat(500) },
          { target: 'bare', value: { a: 1 } },
        ]),
      ),
    ).toBe(`seed 7, text ${'x'.repeat(100)}, bare {"a":1}`);
    expect(itemValuesText(namedItemValues(null))).toBe('');
  });
});
