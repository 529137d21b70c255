// The batch list's counts and "finished" flag, for every submission state and job status.
import { describe, expect, it } from 'vitest';
import { BATCH_SUBMISSION_STATES } from '../../../src-shared/contracts/batches';
import { JOB_STATUSES, type JobStatus } from '../../../src-shared/contracts/jobs';
import { countItems, isFinished, type CountedItem } from './batchCounts';

const noJob = (submission: CountedItem['submission']): CountedItem => ({ submission, jobStatus: null });
const created = (jobStatus: JobStatus | null): CountedItem => ({ submission: 'created', jobStatus });

describe('countItems', () => {
  it('counts items without a job as submitting, refused ones as submitFailed', () => {
    expect(countItems([noJob('pending'), noJob('sent'), noJob('unknown'), noJob('failed')])).toEqual({
      submitting: 3,
      submitFailed: 1,
      jobs: {},
    });
  });

  it.each(JOB_STATUSES)('counts a created item by its job status %s, and only that key', (status) => {
    expect(countItems([created(status), created(status)])).toEqual({
      submitting: 0,
      submitFailed: 0,
      jobs: { [status]: 2 },
    });
  });

  it('counts a created item whose job Loupe has no row for as unknown', () => {
    expect(countItems([created(null), created('unknown')]).jobs).toEqual({ unknown: 2 });
  });

  it('counts a created item whose job the service forgot as gone, not unknown', () => {
    const gone: CountedItem = { submission: 'created', jobStatus: 'unknown', jobGone: true };
    expect(countItems([gone, gone, created('unknown')])).toEqual({
      submitting: 0,
      submitFailed: 0,
      jobs: { unknown: 1 },
      gone: 2,
    });
    // Nothing more will come of it, but how it ended is not known: the batch is not called finished.
    expect(isFinished([gone, created('succeeded')], true)).toBe(false);
  });

  it('adds up to the item count for a mix of every state', () => {
    const items = [
      ...BATCH_SUBMISSION_STATES.filter((s) => s !== 'created').map(noJob),
      created('succeeded'),
      created('succeeded'),
      created('running'),
      created(null),
    ];
    const counts = countItems(items);
    expect(counts).toEqual({
      submitting: 3,
      submitFailed: 1,
      jobs: { succeeded: 2, running: 1, unknown: 1 },
    });
    const total =
      counts.submitting + counts.submitFailed + Object.values(counts.jobs).reduce((a, b) => a + b, 0);
    expect(total).toBe(items.length);
  });

  it('has no keys at all for an empty batch', () => {
    expect(countItems([])).toEqual({ submitting: 0, submitFailed: 0, jobs: {} });
  });
});

describe('isFinished', () => {
  it('is true for an empty batch', () => {
    expect(isFinished([], true)).toBe(true);
  });

  it.each(['succeeded', 'canceled', 'failed', 'expired'] as const)(
    'is true when every job ended (%s) or was refused',
    (status) => {
      expect(isFinished([created(status), noJob('failed')], true)).toBe(true);
      expect(isFinished([noJob('failed')], true)).toBe(true);
    },
  );

  it.each(['queued', 'running', 'canceling', 'unknown'] as const)(
    'is false while a job is %s (an unknown status is never taken for done)',
    (status) => {
      expect(isFinished([created('succeeded'), created(status)], true)).toBe(false);
    },
  );

  it.each(['pending', 'sent', 'unknown'] as const)('is false while an item is %s', (state) => {
    expect(isFinished([created('succeeded'), noJob(state)], true)).toBe(false);
  });

  it('is false when a created item has no readable job row', () => {
    expect(isFinished([created(null)], true)).toBe(false);
  });

  it('is false when some item rows could not be read', () => {
    expect(isFinished([created('succeeded')], false)).toBe(false);
  });
});
