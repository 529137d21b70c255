// LocalHistory.summariesOf: a batch page's 1,000 job rows in two reads. Each row must be the one summaryOf
// gives for that job alone (the job it retries, the batch of several it runs in, labels, a gone note), on a real
// store file; a job with no row, another profile's job and a damaged row are absent, and a damaged workflow
// changes nothing (it is never read).
import { describe, expect, it } from 'vitest';
import { batchStoreTestbed } from '../batches/testing/batchStoreTestbed';
import { LocalHistory } from './localHistory';

const bed = batchStoreTestbed();

function historyOf(profileId: string): LocalHistory {
  const { store } = bed.fixture;
  return new LocalHistory(store.jobs, profileId, store.batchItems);
}

function seed(): void {
  const { store } = bed.fixture;
  bed.recordJob('p', 'j1', 'succeeded', ['a1']);
  bed.recordJob('p', 'j2', 'failed');
  bed.recordJob('p', 'lone', 'running');
  bed.recordJob('q', 'other', 'succeeded', ['a9']);
  store.jobs.recordSubmitted('p', {
    jobId: 'j2-retry',
    status: 'queued',
    retryOf: 'j2',
    workflow: { '1': { class_type: 'SaveImage', inputs: {} } },
    labels: { project: 'kites' },
  });
  store.jobs.markGone('p', 'lone');
  bed.recordBatch('p', 'sweep', [
    { state: 'created', jobId: 'j1' },
    { state: 'created', jobId: 'j2' },
  ]);
  bed.recordBatch('p', 'single', [{ state: 'created', jobId: 'lone' }]);
}

describe('LocalHistory.summariesOf', () => {
  it('gives each job the row summaryOf gives it alone: what it retries, its batch of several, labels, gone', () => {
    seed();
    const history = historyOf('p');
    const ids = ['j1', 'j2', 'j2-retry', 'lone'];
    const many = history.summariesOf(ids);
    expect([...many.keys()].sort()).toEqual([...ids].sort());
    for (const id of ids) expect(many.get(id), id).toEqual(history.summaryOf(id));
    // What makes the comparison worth making: the facts that come from other rows are there.
    expect(many.get('j2-retry')).toMatchObject({ retryOf: 'j2', labels: { project: 'kites' } });
    expect(many.get('j1')?.batchId).toBe('sweep');
    expect(many.get('lone')?.batchId ?? null).toBeNull();
    expect(many.get('lone')?.goneAt).toEqual(expect.any(String));
  });

  it('leaves out jobs without a row, another profile’s jobs and damaged rows; reads no workflow', () => {
    seed();
    bed.fixture.tamper(`UPDATE jobs SET snapshot = '{not json' WHERE job_id = 'j2';
      UPDATE jobs SET workflow = '{not json' WHERE job_id = 'j1';`);
    const many = historyOf('p').summariesOf(['j1', 'j2', 'nowhere', 'other']);
    expect([...many.keys()]).toEqual(['j1']);
    expect(many.get('j1')?.status).toBe('succeeded');
    expect(historyOf('p').summariesOf([]).size).toBe(0);
  });
});
