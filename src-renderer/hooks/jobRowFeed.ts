// The rows App's one jobs.updates subscription hears, passed on to screens that want them too (the
// Batches screen decides from them when a batch must be read again), so no screen opens a second stream of
// the same rows from main.
import type { JobSummary } from '../../src-shared/contract';

export type JobRowListener = (profileId: string, rows: readonly JobSummary[]) => void;

const listeners = new Set<JobRowListener>();

export function publishJobRows(profileId: string, rows: readonly JobSummary[]): void {
  for (const listener of [...listeners]) listener(profileId, rows);
}

/** Hears every batch of rows from now on; returns the function that stops it. */
export function onJobRows(listener: JobRowListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
