// Writes the outputs of the jobs the watcher follows into the store's outputs table (what the Assets view
// lists), off the event loop's critical path (issue 19, fault 5: writing all of a 10,000-output job's rows in
// one go on every flush took 29.5 s of CPU for four such jobs and stalled main up to 50 s). A job's list is
// queued as it stands (the newest list wins), only the rows that changed since they were last written are
// written, a thousand to a transaction, and the event loop runs between two transactions.
import type { Output } from '../api';
import type { LoupeStore, OutputRowInput } from '../store';
import { outputFields } from '../jobSources/normalize';

export interface OutputsWriterDeps {
  profileId: string;
  store: LoupeStore;
  logError(message: string, error: unknown): void;
  /** Rows per transaction. */
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
  /** The list the rows come from: remembered as written once every row is. */
  outputs: readonly Output[];
  rows: OutputRowInput[];
  /** The next row of `rows` to write. */
  next: number;
}

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
    this.chunkRows = deps.chunkRows ?? 1000;
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
      while (job.next < job.rows.length) this.writeChunk(job);
      this.current = null;
    }
  }

  private kick(): void {
    if (this.draining !== null) return;
    // Supervised here: a failure is logged and the loop ends; the next enqueue starts it again.
    this.draining = this.drain()
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
      if (job.next < job.rows.length) this.writeChunk(job);
      // A job's rows are written to the end before its newer list is taken: that list skips what this one wrote.
      if (job.next >= job.rows.length) this.current = null;
      await this.yieldNow();
    }
  }

  /** The next queued job with the rows that changed since they were last written. */
  private nextJob(): Job | null {
    const next = this.queued.entries().next();
    if (next.done === true) return null;
    const [jobId, outputs] = next.value;
    this.queued.delete(jobId);
    const signatures = this.signaturesOf(jobId);
    // The same output object at the same place as in the list last written whole is unchanged (a stream
    // appends to a list without copying its outputs): no need to weigh it again.
    const previous = this.taken.get(jobId);
    const rows: OutputRowInput[] = [];
    outputs.forEach((output, position) => {
      if (previous?.[position] === output) {
        this.stats.rowsSkipped++;
        return;
      }
      const row = rowOf(output, position);
      if (signatures.get(row.assetId) === signatureOf(row)) this.stats.rowsSkipped++;
      else rows.push(row);
    });
    const job = { jobId, outputs, rows, next: 0 };
    if (rows.length === 0) this.taken.set(jobId, outputs);
    return job;
  }

  private writeChunk(job: Job): void {
    const chunk = job.rows.slice(job.next, job.next + this.chunkRows);
    job.next += chunk.length;
    try {
      this.deps.store.outputs.upsertRows(this.deps.profileId, job.jobId, chunk);
    } catch (error) {
      // The profile may have been removed a moment ago; this job's rows are given up, not the writer, and
      // nothing of this list counts as written.
      job.next = job.rows.length;
      this.taken.delete(job.jobId);
      this.deps.logError('Job outputs could not be stored', error);
      return;
    }
    const signatures = this.signaturesOf(job.jobId);
    for (const row of chunk) signatures.set(row.assetId, signatureOf(row));
    if (job.next >= job.rows.length) this.taken.set(job.jobId, job.outputs);
    this.stats.transactions++;
    this.stats.rowsWritten += chunk.length;
    this.stats.largestTransaction = Math.max(this.stats.largestTransaction, chunk.length);
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
