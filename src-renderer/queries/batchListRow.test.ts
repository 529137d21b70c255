// The list's row of a batch follows a newer read of the batch, and only a newer one.
import { QueryClient } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import type { BatchSummary } from '../../src-shared/contract';
import { DUNES, kites } from '../features/batches/testing/sampleBatches';
import { batchKeys } from './batchKeys';
import { followBatchInList, summaryOfDetail } from './batchListRow';

const key = batchKeys.list('local');

function listed(client: QueryClient): BatchSummary[] | undefined {
  return client.getQueryData<BatchSummary[]>(key);
}

it('writes the batch’s row from a read made after the list’s, and leaves the other rows as they were', () => {
  const client = new QueryClient();
  const stale = { ...summaryOfDetail(kites()), outputsCount: 0 };
  const dunes = summaryOfDetail(DUNES);
  client.setQueryData(key, [dunes, stale], { updatedAt: 1_000 });
  followBatchInList(client, 'local', kites(), 2_000);
  expect(listed(client)?.[1]).toEqual(summaryOfDetail(kites()));
  expect(listed(client)?.[0]).toBe(dunes);
});

it('leaves the list alone when it was read after the batch, already agrees, or lacks the batch', () => {
  const client = new QueryClient();
  const stale = [{ ...summaryOfDetail(kites()), outputsCount: 0 }];
  client.setQueryData(key, stale, { updatedAt: 3_000 });
  followBatchInList(client, 'local', kites(), 2_000);
  expect(listed(client)).toBe(stale);

  client.setQueryData(key, [summaryOfDetail(kites())], { updatedAt: 1_000 });
  followBatchInList(client, 'local', kites(), 2_000);
  // Not written at all (a write of equal rows would still mark the list as read now).
  expect(client.getQueryState(key)?.dataUpdatedAt).toBe(1_000);

  client.setQueryData(key, [summaryOfDetail(DUNES)], { updatedAt: 1_000 });
  const without = listed(client);
  followBatchInList(client, 'local', kites(), 2_000);
  expect(listed(client)).toBe(without);

  const empty = new QueryClient();
  followBatchInList(empty, 'local', kites(), 2_000);
  expect(listed(empty)).toBeUndefined();
});
