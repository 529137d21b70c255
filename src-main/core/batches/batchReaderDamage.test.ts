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

  it('reads no request body and no workflow: damaged ones do not change the list', () => {
    recordJob('p', 'j1', 'succeeded', ['a1']);
    recordBatch('p', 'b', [{ state: 'created', jobId: 'j1' }, { state: 'failed' }]);
    const before = bed.fixture.reader.list('p');
    bed.fixture.tamper(`UPDATE batch_items SET request = '{not json' WHERE id = 'b-i1';
            UPDATE jobs SET workflow = '{not json' WHERE job_id = 'j1';`);
    expect(bed.fixture.reader.list('p')).toEqual(before);
    // batches.get reads the items in full: the damaged one is left out of the items, not out of the counts.
    const detail = bed.fixture.reader.get('p', 'b');
    expect(detail).toMatchObject({ itemCount: 2, finished: true, outputsCount: 1 });
    expect(detail.items.map((i) => i.id)).toEqual(['b-i0']);
  });
});
