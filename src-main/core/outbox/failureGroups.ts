// A batch's failures grouped by what went wrong (the job's error code and message, or the service's refusal
// of the submission), each group with its count and its items: what the Batches screen lists, what
// "Retry failed" acts on (all groups or one), and what `loupe batch show` prints.
import { contractStatus } from '../jobSources/normalize';
import { readWire } from '../jobSources/wireJob';
import type { LoupeStore } from '../store';

/** The group of submissions the service refused (no job was made). */
export const NOT_SENT_GROUP = 'not_sent';

export interface FailureGroup {
  /** The job's error code (`oom`, `worker_died`, …), or `not_sent` for refused submissions. */
  code: string;
  message: string;
  itemIds: string[];
  /** The items' positions in the batch, for people (0-based). */
  positions: number[];
}

export function failureGroups(store: LoupeStore, profileId: string, batchId: string): FailureGroup[] {
  const groups = new Map<string, FailureGroup>();
  const add = (code: string, message: string, itemId: string, position: number): void => {
    const key = `${code}\n${message}`;
    const group = groups.get(key) ?? { code, message, itemIds: [], positions: [] };
    group.itemIds.push(itemId);
    group.positions.push(position);
    groups.set(key, group);
  };
  for (const item of store.batchItems.listForBatch(batchId).rows) {
    if (item.state === 'failed') {
      add(NOT_SENT_GROUP, item.lastError ?? 'The service refused the submission.', item.id, item.position);
      continue;
    }
    if (item.jobId === null) continue;
    const job = store.jobs.get(profileId, item.jobId);
    if (job === null) continue;
    const status = contractStatus(job.status);
    if (status !== 'failed' && status !== 'expired') continue;
    const error = job.snapshot === null ? null : readWire(job.snapshot).error;
    add(error?.code ?? status, error?.message ?? `The job ${status}.`, item.id, item.position);
  }
  return [...groups.values()].sort((a, b) => b.itemIds.length - a.itemIds.length);
}
