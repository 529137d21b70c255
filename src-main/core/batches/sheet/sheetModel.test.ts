// The shared sheet's cells say where each item stands as the window's sheet does: a job the service forgot
// reads 'gone', not the last status Loupe had of it ("running" for good in an export).
import { expect, it } from 'vitest';
import { batchStoreTestbed } from '../testing/batchStoreTestbed';
import { buildSheetModel } from './sheetModel';

const bed = batchStoreTestbed();

it('names each item by its job’s status, gone for a job the service forgot, the submission’s state before a job', () => {
  bed.recordJob('p', 'j-lost', 'running');
  bed.recordJob('p', 'j-ok', 'succeeded');
  bed.recordJob('p', 'j-run', 'running');
  expect(bed.fixture.store.jobs.markGone('p', 'j-lost')).toBe(true);
  bed.recordBatch('p', 'b', [
    { state: 'created', jobId: 'j-lost' },
    { state: 'created', jobId: 'j-ok' },
    { state: 'created', jobId: 'j-run' },
    { state: 'failed' },
  ]);
  const model = buildSheetModel(bed.fixture.store, 'p', 'b', null, null);
  expect(model.items.map(({ cell }) => [cell.status, cell.failed])).toEqual([
    ['gone', false],
    ['succeeded', false],
    ['running', false],
    ['failed', true],
  ]);
});
