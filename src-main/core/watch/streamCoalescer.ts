// What a job's live stream says, gathered and handed on at most once per interval (issue 19, fault 9: 900
// events a second reached jobs.watch subscribers). A frame of the page is about 33 ms; nobody sees more than
// that, and every hand-on costs a snapshot, a comparison and a message to the page. What is kept between two
// hand-ons loses nothing that matters:
//  - the latest status, progress and preview win (each is a complete snapshot of its part);
//  - every output is kept, in order (outputs are a list, not a snapshot);
//  - a terminal or unreadable status is never held: it is handed on at once, since it asks for the read that
//    ends the job.
// The first event after a quiet spell goes at once; what follows waits for the interval, then goes together.
import type { JobStreamEvent, Output, Progress } from '../api';
import { isTerminal } from '../jobSources/normalize';
import type { TimerHandle, WatchTimers } from './timers';

type StatusEvent = Extract<JobStreamEvent, { type: 'status' }>;
type PreviewEvent = Extract<JobStreamEvent, { type: 'preview' }>;

/** The stream's news for one job since the last hand-on. */
export interface StreamBatch {
  /** The latest status event, if any came. */
  status: StatusEvent | null;
  /** Some status in the batch was terminal or unreadable: the job wants its confirming read. */
  confirm: boolean;
  progress: Progress | null;
  /** Every output, in the order the stream sent them. */
  outputs: Output[];
  preview: PreviewEvent | null;
}

interface Pending {
  batch: StreamBatch | null;
  timer: TimerHandle | null;
  /** When the last hand-on was (timers.now()). */
  lastAt: number;
}

export interface StreamCoalescerDeps {
  timers: WatchTimers;
  /** Hand-ons of one job at most this often. */
  intervalMs: number;
  /** Hands a job's batch on. */
  deliver(jobId: string, batch: StreamBatch): void;
}

function emptyBatch(): StreamBatch {
  return { status: null, confirm: false, progress: null, outputs: [], preview: null };
}

/** Folds one event into the batch; returns true when it must not wait. */
function fold(batch: StreamBatch, event: JobStreamEvent): boolean {
  switch (event.type) {
    case 'status': {
      batch.status = event;
      const decisive = event.status === 'unknown' || isTerminal(event.status);
      batch.confirm ||= decisive;
      return decisive;
    }
    case 'progress':
      batch.progress = event.progress;
      return false;
    case 'output':
      batch.outputs.push(event.output);
      return false;
    case 'preview':
      batch.preview = event;
      return false;
    default:
      // Logs and unknown events change nothing Loupe shows from the stream.
      return false;
  }
}

export class StreamCoalescer {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly deps: StreamCoalescerDeps) {}

  push(jobId: string, event: JobStreamEvent): void {
    const entry = this.entry(jobId);
    entry.batch ??= emptyBatch();
    const urgent = fold(entry.batch, event);
    if (urgent) {
      this.flush(jobId);
      return;
    }
    if (entry.timer !== null) return;
    const wait = entry.lastAt + this.deps.intervalMs - this.deps.timers.now();
    if (wait <= 0) this.flush(jobId);
    else entry.timer = this.deps.timers.setTimeout(() => this.flush(jobId), wait);
  }

  /** Hands on what waits for the job now (before another source's news, or as its stream ends). */
  flush(jobId: string): void {
    const entry = this.pending.get(jobId);
    if (entry === undefined) return;
    if (entry.timer !== null) this.deps.timers.clearTimeout(entry.timer);
    entry.timer = null;
    const batch = entry.batch;
    if (batch === null) return;
    entry.batch = null;
    entry.lastAt = this.deps.timers.now();
    this.deps.deliver(jobId, batch);
  }

  /** Hands on everything that waits, and forgets every job. */
  flushAll(): void {
    for (const jobId of [...this.pending.keys()]) this.flush(jobId);
    this.pending.clear();
  }

  /** The job is no longer streamed: what waits is handed on, and its entry goes. */
  forget(jobId: string): void {
    this.flush(jobId);
    this.pending.delete(jobId);
  }

  private entry(jobId: string): Pending {
    let entry = this.pending.get(jobId);
    if (entry === undefined) {
      entry = { batch: null, timer: null, lastAt: Number.NEGATIVE_INFINITY };
      this.pending.set(jobId, entry);
    }
    return entry;
  }
}
