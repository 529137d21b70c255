// How the three sources combine into one job (ARCHITECTURE rule 4: polling is the truth, SSE is a hint).
//  - A GET replaces what Loupe knows, whatever the stream said before.
//  - An SSE event patches the last read, but never moves a job backwards in its lifecycle, never touches a
//    job a poll found finished, and never finishes a job itself: a terminal (or unreadable) status on the
//    stream only asks for the one final read that confirms it.
//  - A list row carries the service's status without the detail: a change in it is applied (keeping the
//    links of the last read), and a terminal one also asks for the final read that brings outputs and error.
import type { JobStreamEvent, Output } from '../api';
import { contractStatus, isTerminal } from '../jobSources/normalize';
import { knownOutputFields, knownProgressFields } from '../jobSources/unknownFields';
import {
  hasPartialOutputs,
  readWire,
  rememberRead,
  type ReadWireJob,
  type WireJob,
} from '../jobSources/wireJob';
import type { JobStatus } from '../../../src-shared/contracts/jobs';
import type { StreamBatch } from './streamCoalescer';

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

/** A status the stream cannot be trusted to end a job with: it only asks for the read that confirms it. */
function isDecisive(status: JobStatus): boolean {
  return status === 'unknown' || isTerminal(status);
}

/**
 * What the stream said since the last hand-on (streamCoalescer.ts), patched onto the last read in one go:
 * the latest status and progress, and every output not already known (one copy of the list, however many
 * came). The new wire's reading is derived from the old one's, so no part is parsed twice.
 */
export function mergeStreamBatch(current: WireJob, batch: StreamBatch): MergeResult {
  const currentStatus = statusOfWire(current);
  // A poll said it is over: anything the stream still delivers is older than that.
  if (isTerminal(currentStatus)) return unchanged;
  const read = readWire(current);
  let wire: WireJob = current;
  let reading: ReadWireJob = read;
  const status = batch.status;
  if (status !== null && !isDecisive(status.status)) {
    const from = lifecycleRank[currentStatus];
    const to = lifecycleRank[status.status];
    const backwards = from !== undefined && to !== undefined && to < from;
    const same = status.status === currentStatus && status.queuePosition === (current.queue_position ?? null);
    if (!backwards && !same) {
      wire = { ...wire, status: status.status, queue_position: status.queuePosition };
      reading = { ...reading, status: status.status, queue_position: status.queuePosition };
    }
  }
  if (batch.progress !== null) {
    const progress = knownProgressFields(batch.progress);
    wire = { ...wire, progress };
    reading = { ...reading, progress };
  }
  // A wire that lists only the first outputs (a stored snapshot) cannot tell which are new: a read can.
  const partial = hasPartialOutputs(read);
  const added = partial ? [] : newOutputs(read.outputs ?? [], batch.outputs);
  if (added.length > 0) {
    const outputs = (read.outputs ?? []).concat(added);
    wire = { ...wire, outputs };
    reading = { ...reading, outputs };
  }
  const confirm = batch.confirm || (partial && batch.outputs.length > 0);
  if (wire === current) return { wire: null, confirm };
  rememberRead(wire, reading);
  return { wire, confirm };
}

/** The outputs of `arrived` not in `known` (by id, the first of each), with only the fields Loupe knows. */
function newOutputs(known: readonly Output[], arrived: readonly Output[]): Output[] {
  if (arrived.length === 0) return [];
  const ids = new Set(known.map((output) => output.id));
  const added: Output[] = [];
  for (const output of arrived) {
    if (ids.has(output.id)) continue;
    ids.add(output.id);
    added.push(knownOutputFields(output));
  }
  return added;
}

/** One stream event on its own (as a batch of one). */
export function mergeStreamEvent(current: WireJob, event: JobStreamEvent): MergeResult {
  const batch: StreamBatch = { status: null, confirm: false, progress: null, outputs: [], preview: null };
  if (event.type === 'status') {
    batch.status = event;
    batch.confirm = isDecisive(event.status);
  } else if (event.type === 'progress') batch.progress = event.progress;
  else if (event.type === 'output') batch.outputs.push(event.output);
  return mergeStreamBatch(current, batch);
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
