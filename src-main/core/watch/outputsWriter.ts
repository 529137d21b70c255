// Writes the outputs of the jobs the watcher follows into the store's outputs table (what the Assets view
// lists), off the event loop's critical path (issue 19, fault 5: writing all of a 10,000-output job's rows in
// one go on every flush took 29.5 s of CPU for four such jobs and stalled main up to 50 s). A job's list is
// queued as it stands (the newest list wins) and looked through a step at a time: only the rows that changed
// since they were last written are written, a chunk to a transaction, and the event loop runs between steps.
import type { Output } from '../api';
import type { LoupeStore, OutputRowInput } from '../store';
import { outputFields } from '../jobSources/normalize';

export interface OutputsWriterDeps {
  profileId: string;
  store: LoupeStore;
  logError(message: string, error: unknown): void;
  /**
   * Rows per transaction. 250: a thousand took 50 to 80 ms of main on a busy two-core machine (SQLite and
   * libsql cost tens of microseconds a row whatever the code around them).
   */
  chunkRows?: number;
  /** Lets the event loop run between two transactions (setImmediate by default). */
  yieldNow?: () => Promise<void>;
}

export interface OutputsWriterStats {
  transactions: number;
  rowsWritten: number;
  /** Rows seen unchanged since they were last written, and not written again. */
  rowsSkipped: number;
  largestTransaction: number;
}

interface Job {
  jobId: string;
  /** The list being written: remembered as written once every row of it is. */
  outputs: readonly Output[];
  /** The list last written whole: an output object at the same place in it is unchanged. */
  previous: readonly Output[] | undefined;
  /** The next output of `outputs` to look at. */
  next: number;
}

/** How many outputs one step looks at per row it may write: unchanged ones cost little, but not nothing. */
const outputsLookedAtPerRow = 4;

/** Jobs whose written rows are remembered (for "did it change?"): a job forgotten is simply written again. */
const rememberedJobs = 32;

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The store's row of an output: a size it cannot trust (unknown, fractional, negative) is kept as 0. */
function rowOf(output: Output, position: number): OutputRowInput {
  const size = output.size_bytes;
  return {
    ...outputFields(output),
    size: size !== null && Number.isInteger(size) && size >= 0 ? size : 0,
    position,
  };
}

function signatureOf(row: OutputRowInput): string {
  return [row.position, row.nodeId, row.name, row.type, row.contentType, row.size, row.hash ?? ''].join(
    '\u0000',
  );
}

export class OutputsWriter {
  readonly stats: OutputsWriterStats = {
    transactions: 0,
    rowsWritten: 0,
    rowsSkipped: 0,
    largestTransaction: 0,
  };
  private readonly queued = new Map<string, readonly Output[]>();
  /** By job: each output's row as last written, by asset id. */
  private readonly written = new Map<string, Map<string, string>>();
  /** By job: the list whose rows were last taken to be written (forgotten with its signatures). */
  private readonly taken = new Map<string, readonly Output[]>();
  private current: Job | null = null;
  private draining: Promise<void> | null = null;
  private stopped = false;
  private readonly chunkRows: number;
  private readonly yieldNow: () => Promise<void>;

  constructor(private readonly deps: OutputsWriterDeps) {
    this.chunkRows = deps.chunkRows ?? 250;
    this.yieldNow = deps.yieldNow ?? yieldToEventLoop;
  }

  /** Queues a job's outputs as they stand now; its row must be in the jobs table already. */
  enqueue(jobId: string, outputs: readonly Output[]): void {
    if (this.stopped) return;
    this.queued.set(jobId, outputs);
    this.kick();
  }

  /** Resolves once everything queued so far is written. */
  async whenIdle(): Promise<void> {
    while (this.draining !== null) await this.draining;
  }

  /**
   * Writes what is left at once, without yielding, and takes nothing more: the watcher is stopping (a profile
   * switch, a quit) and the store may close right after.
   */
  finish(): void {
    this.stopped = true;
    for (;;) {
      const job = this.current ?? this.nextJob();
      if (job === null) return;
      this.current = job;
      while (!this.step(job));
      this.current = null;
    }
  }

  private kick(): void {
    if (this.draining !== null) return;
    // Started after a turn of the event loop, never inside the flush that queued the work. Supervised here: a
    // failure is logged and the loop ends; the next enqueue starts it again.
    this.draining = this.yieldNow()
      .then(() => this.drain())
      .catch((error: unknown) => this.deps.logError('Job outputs could not be stored', error))
      .finally(() => {
        this.draining = null;
        if (!this.stopped && this.queued.size > 0) this.kick();
      });
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const job = this.current ?? this.nextJob();
      if (job === null) return;
      this.current = job;
      // A job's list is written to its end before its newer list is taken: that list skips what this one wrote.
      if (this.step(job)) this.current = null;
      await this.yieldNow();
    }
  }

  private nextJob(): Job | null {
    const next = this.queued.entries().next();
    if (next.done === true) return null;
    const [jobId, outputs] = next.value;
    this.queued.delete(jobId);
    return { jobId, outputs, previous: this.taken.get(jobId), next: 0 };
  }

  /**
   * One step of a job: looks through its outputs for at most a chunk of changed rows (looking at no more than
   * a few chunks' worth of outputs) and writes them in one transaction. True when the job is done.
   */
  private step(job: Job): boolean {
    const signatures = this.signaturesOf(job.jobId);
    const rows: OutputRowInput[] = [];
    const end = Math.min(job.outputs.length, job.next + this.chunkRows * outputsLookedAtPerRow);
    while (job.next < end && rows.length < this.chunkRows) {
      const position = job.next++;
      const output = job.outputs[position];
      if (output === undefined) continue;
      if (job.previous?.[position] === output) {
        this.stats.rowsSkipped++;
        continue;
      }
      const row = rowOf(output, position);
      if (signatures.get(row.assetId) === signatureOf(row)) this.stats.rowsSkipped++;
      else rows.push(row);
    }
    if (rows.length > 0 && !this.write(job.jobId, rows, signatures)) {
      // The profile may have been removed a moment ago: this list is given up, not the writer, and nothing of
      // it counts as written.
      this.taken.delete(job.jobId);
      return true;
    }
    if (job.next < job.outputs.length) return false;
    this.taken.set(job.jobId, job.outputs);
    return true;
  }

  private write(jobId: string, rows: readonly OutputRowInput[], signatures: Map<string, string>): boolean {
    try {
      this.deps.store.outputs.upsertRows(this.deps.profileId, jobId, rows);
    } catch (error) {
      this.deps.logError('Job outputs could not be stored', error);
      return false;
    }
    for (const row of rows) signatures.set(row.assetId, signatureOf(row));
    this.stats.transactions++;
    this.stats.rowsWritten += rows.length;
    this.stats.largestTransaction = Math.max(this.stats.largestTransaction, rows.length);
    return true;
  }

  private signaturesOf(jobId: string): Map<string, string> {
    let signatures = this.written.get(jobId);
    if (signatures === undefined) {
      signatures = new Map();
      if (this.written.size >= rememberedJobs) {
        const oldest = this.written.keys().next();
        if (oldest.done !== true) {
          this.written.delete(oldest.value);
          this.taken.delete(oldest.value);
        }
      }
    } else {
      this.written.delete(jobId);
    }
    this.written.set(jobId, signatures);
    return signatures;
  }
}
