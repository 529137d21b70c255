// How the three sources combine into one job (ARCHITECTURE rule 4: polling is the truth, SSE is a hint).
//  - A GET replaces what Loupe knows, whatever the stream said before.
//  - An SSE event patches the last read, but never moves a job backwards in its lifecycle, never touches a
//    job a poll found finished, and never finishes a job itself: a terminal (or unreadable) status on the
//    stream only asks for the one final read that confirms it.
//  - A list row carries the service's status without the detail: a change in it is applied (keeping the
//    links of the last read), and a terminal one also asks for the final read that brings outputs and error.
import type { JobStreamEvent } from '../api';
import { contractStatus, isTerminal } from '../jobSources/normalize';
import { knownOutputFields, knownProgressFields } from '../jobSources/unknownFields';
import { readWire, type WireJob } from '../jobSources/wireJob';
import type { JobStatus } from '../../../src-shared/contracts/jobs';

export interface MergeResult {
  /** The new wire job, or null when the event changes nothing. */
  wire: WireJob | null;
  /** A GET should confirm what this source hinted (a terminal or unreadable status). */
  confirm: boolean;
}

const unchanged: MergeResult = { wire: null, confirm: false };

/** Lifecycle order for "never backwards"; unknown is outside it. */
const lifecycleRank: Partial<Record<JobStatus, number>> = { queued: 0, running: 1, canceling: 2 };

function statusOfWire(wire: WireJob): JobStatus {
  return contractStatus(wire.status);
}

export function mergeStreamEvent(current: WireJob, event: JobStreamEvent): MergeResult {
  const currentStatus = statusOfWire(current);
  // A poll said it is over: anything the stream still delivers is older than that.
  if (isTerminal(currentStatus)) return unchanged;
  switch (event.type) {
    case 'status': {
      if (event.status === 'unknown' || isTerminal(event.status)) return { wire: null, confirm: true };
      const from = lifecycleRank[currentStatus];
      const to = lifecycleRank[event.status];
      if (from !== undefined && to !== undefined && to < from) return unchanged;
      if (event.status === currentStatus && event.queuePosition === (current.queue_position ?? null)) {
        return unchanged;
      }
      return {
        wire: { ...current, status: event.status, queue_position: event.queuePosition },
        confirm: false,
      };
    }
    case 'progress':
      return { wire: { ...current, progress: knownProgressFields(event.progress) }, confirm: false };
    case 'output': {
      const outputs = readWire(current).outputs ?? [];
      if (outputs.some((output) => output.id === event.output.id)) return unchanged;
      return { wire: { ...current, outputs: [...outputs, knownOutputFields(event.output)] }, confirm: false };
    }
    default:
      return unchanged;
  }
}

/**
 * A list row against what is known. `cannotTellCanceling`: the v1 list reads running and canceling alike
 * (in_progress), so a canceling job it calls running has not gone back to running.
 */
export function mergeListRow(
  current: WireJob | null,
  row: WireJob,
  options: { cannotTellCanceling: boolean },
): MergeResult {
  const listed = statusOfWire(row);
  if (current === null) return { wire: row, confirm: isTerminal(listed) };
  const known = statusOfWire(current);
  if (isTerminal(known)) return unchanged;
  if (options.cannotTellCanceling && known === 'canceling' && listed === 'running') return unchanged;
  if (listed === known && row.status === current.status) return unchanged;
  // Detail from the last read (progress, queue position, outputs) describes the old status; drop it
  // rather than show a finished job at 40 %. Links and creation time stay true.
  const { progress: _progress, queue_position: _position, ...stable } = current;
  return { wire: { ...stable, ...row, urls: current.urls ?? null }, confirm: isTerminal(listed) };
}
