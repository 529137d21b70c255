// A page of a job's outputs from what Loupe knows of it, without asking the service: the job the watcher
// follows now, or the store's memory of it (a stored snapshot of a job of thousands lists only the first
// outputs; the outputs table has them all, once its writer has caught up).
import type { JobOutputsPage } from '../../../src-shared/contracts/jobs';
import { outputOfRow, outputsPage } from '../jobSources/normalize';
import { hasPartialOutputs, isFullRead, outputsCountOf, readWire, type WireJob } from '../jobSources/wireJob';
import type { LoupeStore } from '../store';

export interface KnownOutputs {
  store: LoupeStore;
  profileId: string;
}

/** Null when Loupe has only a list row of the job, or nothing, or a table still filling: a read must bring them. */
export function knownOutputsPage(
  known: KnownOutputs,
  wire: WireJob | null,
  offset: number,
  limit: number,
): JobOutputsPage | null {
  if (wire === null || !isFullRead(wire)) return null;
  const read = readWire(wire);
  if (!hasPartialOutputs(read)) return outputsPage(wire, offset, limit);
  const stored = known.store.outputs.pageForJob(known.profileId, read.id, offset, limit);
  // The table may still be filling (its writer works a chunk at a time): then only a read can tell.
  if (stored.total < (outputsCountOf(read) ?? 0)) return null;
  return { outputs: stored.rows.map(outputOfRow), total: stored.total };
}
