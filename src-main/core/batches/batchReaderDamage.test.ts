// Rows damaged on disk (another tool, a bad build, a half-restored backup) as batches.list and batches.get
// meet them: set aside the way the store does, so the rest still shows and nothing damaged is called finished.
import { describe, expect, it } from 'vitest';
import { batchStoreTestbed } from './testing/batchStoreTestbed';

const bed = batchStoreTestbed();
const { recordJob, recordBatch } = bed;

describe('damaged rows', () => {
  it('sets damaged rows aside: the rest still shows, and nothing damaged is called finished', () => {
    recordJob('p', 'j1', 'succeeded', ['a1']);
    recordJob('p', 'j2', 'succeeded', ['a2']);
    recordBatch('p', 'bad-item', [{ state: 'created', jobId: 'j1' }, { state: 'failed' }]);
    recordBatch('p', 'bad-snapshot', [{ state: 'created', jobId: 'j2' }]);
    recordBatch('p', 'bad-batch', []);
    bed.fixture.tamper(`UPDATE batch_items SET state = 'exploded' WHERE id = 'bad-item-i1';
            UPDATE jobs SET snapshot = '{not json' WHERE job_id = 'j2';
            UPDATE batches SET name = X'41' WHERE id = 'bad-batch';`);
    const { batches: all } = bed.fixture.reader.list('p');
    // A name stored as bytes is read as text (the store decodes tolerantly): that batch still shows.
    expect(all.map((b) => b.id)).toEqual(['bad-batch', 'bad-snapshot', 'bad-item']);
    expect(all[0]?.name).toBe('A');
    const batches = all.slice(1);
    expect(batches[1]).toMatchObject({
      itemCount: 1,
      counts: { jobs: { succeeded: 1 } },
      outputsCount: 1,
      finished: false,
    });
    // The job's own status column still counts; its outputs, only in the damaged snapshot, are not shown.
    expect(batches[0]).toMatchObject({
      itemCount: 1,
      counts: { jobs: { succeeded: 1 } },
      outputsCount: 0,
      finished: true,
    });
    expect(bed.fixture.reader.get('p', 'bad-item')).toMatchObject({ itemCount: 1, finished: false });
  });

  it('reads no request body and no workflow: damaged ones change neither the list nor the batch', () => {
    recordJob('p', 'j1', 'succeeded', ['a1']);
    recordBatch('p', 'b', [{ state: 'created', jobId: 'j1' }, { state: 'failed' }]);
    const list = bed.fixture.reader.list('p');
    const detail = bed.fixture.reader.get('p', 'b');
    bed.fixture.tamper(`UPDATE batch_items SET request = '{not json' WHERE id = 'b-i1';
            UPDATE jobs SET workflow = '{not json' WHERE job_id = 'j1';`);
    expect(bed.fixture.reader.list('p')).toEqual(list);
    // The page shows every item and its job as before: what it shows holds neither the request nor the workflow.
    expect(bed.fixture.reader.get('p', 'b')).toEqual(detail);
    expect(detail.items.map((i) => [i.id, i.job?.id ?? null])).toEqual([
      ['b-i0', 'j1'],
      ['b-i1', null],
    ]);
  });

  it('leaves an item whose own row is damaged out of the items, not out of the counts', () => {
    recordJob('p', 'j1', 'succeeded', ['a1']);
    recordBatch('p', 'b', [{ state: 'created', jobId: 'j1' }, { state: 'failed' }]);
    bed.fixture.tamper(`UPDATE batch_items SET attempts = -4 WHERE id = 'b-i1';`);
    const detail = bed.fixture.reader.get('p', 'b');
    expect(detail).toMatchObject({ itemCount: 2, outputsCount: 1 });
    expect(detail.items.map((i) => i.id)).toEqual(['b-i0']);
  });
});
