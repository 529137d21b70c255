// Keeps the Batches screen live from the rows App's jobs.updates subscription hears (hooks/jobRowFeed.ts):
// this decides when a batch must be read again. Rows of the open
// batch's jobs patch its items at once (progress moves without a read); a change of state or of the number of
// outputs reads the batch again, so outputs appear as they land, and the list, whose counts moved (paced:
// never back to back).
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { BatchDetail, JobSummary } from '../../../src-shared/contract';
import { isOlder } from '../../queries/jobCache';
import { batchKeys } from '../../queries/batchKeys';
import { onJobRows } from '../../hooks/jobRowFeed';
import { pacedReads, type PacedReads } from '../../queries/pacedReads';

/** Jobs remembered for "did it change?"; past this the memory starts again (a read too many, no harm). */
const MAX_REMEMBERED = 5_000;

/** Rows of the batch's jobs written into its items; returns the batch unchanged when none apply. */
function patchItems(batch: BatchDetail, byId: ReadonlyMap<string, JobSummary>): BatchDetail {
  let patched = 0;
  const items = batch.items.map((item) => {
    const row = item.jobId === null ? undefined : byId.get(item.jobId);
    if (!row || (item.job && isOlder(row, item.job))) return item;
    patched += 1;
    return { ...item, job: row };
  });
  return patched === 0 ? batch : { ...batch, items };
}

function applyRows(
  client: QueryClient,
  reads: PacedReads,
  profileId: string,
  openBatchId: string | null,
  rows: readonly JobSummary[],
  changed: ReadonlySet<string>,
): void {
  let touchesOpen = false;
  if (openBatchId !== null) {
    const key = batchKeys.batch(profileId, openBatchId);
    const held = client.getQueryData<BatchDetail>(key);
    if (held) {
      const members = new Set(held.items.map((item) => item.jobId));
      const byId = new Map(rows.filter((row) => members.has(row.id)).map((row) => [row.id, row]));
      if (byId.size > 0) client.setQueryData<BatchDetail>(key, patchItems(held, byId));
      // A job of ours not yet in the batch may be one its waiting items just became.
      const waiting = held.items.some((item) => item.jobId === null && item.submission !== 'failed');
      touchesOpen = rows.some(
        (row) => changed.has(row.id) && (byId.has(row.id) || (waiting && row.submittedByUs)),
      );
      if (touchesOpen) reads.ask(key);
    }
  }
  // The list has no job ids; every batch job was submitted by Loupe, so only such rows can move its counts.
  const mayMoveList = rows.some((row) => changed.has(row.id) && row.submittedByUs);
  if (touchesOpen || mayMoveList) reads.ask(batchKeys.list(profileId));
}

export function useBatchUpdates(profileId: string, openBatchId: string | null): void {
  const client = useQueryClient();
  const openRef = useRef(openBatchId);
  useEffect(() => {
    openRef.current = openBatchId;
  }, [openBatchId]);

  useEffect(() => {
    // What each job looked like last: a row that only moved its progress reads nothing again.
    const lastSeen = new Map<string, string>();
    // A large running batch moves a job every tenth of a second: its page and the list are read again at a
    // pace main can afford (pacedReads.ts), not once per move.
    const reads = pacedReads(client);
    const stop = onJobRows((rowsProfileId, jobs) => {
      if (rowsProfileId !== profileId) return;
      if (lastSeen.size > MAX_REMEMBERED) lastSeen.clear();
      const changed = new Set<string>();
      for (const row of jobs) {
        const look = `${row.status}|${row.outputsCount ?? ''}`;
        if (lastSeen.get(row.id) !== look) changed.add(row.id);
        lastSeen.set(row.id, look);
      }
      applyRows(client, reads, profileId, openRef.current, jobs, changed);
    });
    return () => {
      stop();
      reads.dispose();
    };
  }, [client, profileId]);
}
