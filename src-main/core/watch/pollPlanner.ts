// Which requests leave on this tick, within the budget. In priority order:
//  1. reads a source asked for: the final read after a terminal hint, the first read of a watched job;
//  2. watched jobs in their GET slots (the newest watchers, live ones first), adaptive per job: fast while
//     running without a stream, slow while queued or while a stream is connected, none when terminal;
//  3. everything else tracked: one list sweep when there are more than a few (the list refreshes hundreds
//     in one request), else a slow GET each; a job the sweeps keep missing is read on its own.
import { isApiError } from '../api';
import { contractStatus, isTerminal } from '../jobSources/normalize';
import type { ServiceJobs } from '../jobSources/serviceJobs';
import { createdMsOf, type WireJob } from '../jobSources/wireJob';
import type { WatchConfig } from './config';
import type { JobStates, TrackedJob } from './jobStates';
import type { ListSweeper, SweepOutcome } from './listSweep';
import { mergeListRow } from './merge';
import type { RequestBudget } from './requestBudget';
import type { WatchTimers } from './timers';

export interface PollPlannerDeps {
  states: JobStates;
  reader: ServiceJobs;
  sweeper: ListSweeper;
  budget: RequestBudget;
  config: WatchConfig;
  timers: WatchTimers;
  /** True while the job's stream is connected (its polls only confirm). */
  isLive(jobId: string): boolean;
  /** A read found the job terminal: stop its traffic. */
  onFinished(job: TrackedJob): void;
  /** The service no longer knows the job (404): stop tracking it. */
  onGone(job: TrackedJob): void;
  logError: (message: string, error: unknown) => void;
}

function statusOf(job: TrackedJob): string {
  return job.wire === null ? 'unknown' : contractStatus(job.wire.status);
}

export class PollPlanner {
  private sweeping = false;
  private nextSweepAt = 0;

  constructor(private readonly deps: PollPlannerDeps) {}

  /** Everything due now: sweeps and reads run at once, up to the budget. */
  runDue(): void {
    const { states, config, budget, timers } = this.deps;
    if (budget.isClosed()) return;
    const now = timers.now();
    const active = [...states.jobs.values()].filter((job) => !job.finished);
    const watched = active
      .filter((job) => job.watched)
      .sort((a, b) => Number(b.wantsLive) - Number(a.wantsLive) || b.watchedSince - a.watchedSince);
    const slotted = new Set(watched.slice(0, config.detailSlots));
    const background = active.filter((job) => !slotted.has(job));

    const asked = active.filter((job) => job.needsRead && !job.inFlight);
    asked.sort((a, b) => Number(slotted.has(b)) - Number(slotted.has(a)));
    for (const job of asked) if (!this.startRead(job)) return;

    for (const job of slotted) {
      if (!job.inFlight && job.nextPollAt <= now && !this.startRead(job)) return;
    }

    const listable = this.deps.sweeper.canList && background.length > config.listThreshold;
    if (listable && !this.sweeping && now >= this.nextSweepAt) this.startSweep(background);
    for (const job of background) {
      const onItsOwn = !listable || job.missedSweeps >= 2;
      if (onItsOwn && !job.inFlight && job.nextPollAt <= now && !this.startRead(job)) return;
    }
  }

  /** Reads one job now, outside the plan (the poll after a dropped stream). Resolves true when terminal. */
  async readNow(job: TrackedJob): Promise<boolean> {
    this.deps.budget.spend();
    return this.read(job);
  }

  /** When this job is next due for a GET of its own. */
  private intervalFor(job: TrackedJob): number {
    const { config } = this.deps;
    // A 404 waits to be confirmed: read again when the wait is over, not before (nor at a slower job's pace).
    if (job.notFoundSince !== null) {
      return Math.max(0, job.notFoundSince + config.goneConfirmMs - this.deps.timers.now());
    }
    const status = statusOf(job);
    if (!job.watched) return status === 'queued' ? config.backgroundQueuedMs : config.backgroundRunningMs;
    if (status === 'unknown') return config.unknownStatusMs;
    if (this.deps.isLive(job.id)) return config.detailConfirmMs;
    return status === 'queued' ? config.detailQueuedMs : config.detailRunningMs;
  }

  private startRead(job: TrackedJob): boolean {
    if (!this.deps.budget.take()) return false;
    this.read(job).catch((error: unknown) => this.deps.logError(`Reading job ${job.id} failed`, error));
    return true;
  }

  private async read(job: TrackedJob): Promise<boolean> {
    const { reader, states, budget, timers } = this.deps;
    const asked = job.needsRead;
    job.inFlight = true;
    job.needsRead = false;
    try {
      const wire = await reader.read(job.id);
      budget.succeeded();
      job.notFoundSince = null;
      if (job.finished || states.get(job.id) !== job) return false;
      states.apply(job, wire, 'poll');
      job.missedSweeps = 0;
      const terminal = isTerminal(contractStatus(wire.status));
      if (terminal) this.deps.onFinished(job);
      return terminal;
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        if (this.notFound(job)) this.deps.onGone(job);
        return false;
      }
      const kind = budget.failed(error);
      if (kind === 'other') {
        // An answer Loupe cannot use (not a 429, 5xx or outage): logged, and not asked again at once.
        this.deps.logError(`Reading job ${job.id} failed`, error);
      } else {
        // The gate is closed for a while; a final read is still owed when it opens.
        if (asked) job.needsRead = true;
      }
      return false;
    } finally {
      job.inFlight = false;
      job.nextPollAt = timers.now() + this.intervalFor(job);
    }
  }

  /**
   * The service answered 404 for this job: true when that confirms a 404 at least goneConfirmMs old (the job
   * is gone). The first one only starts the wait, and the job's next read is when it is over (intervalFor),
   * so a passing 404 ends nothing.
   */
  notFound(job: TrackedJob): boolean {
    const now = this.deps.timers.now();
    job.notFoundSince ??= now;
    if (now - job.notFoundSince >= this.deps.config.goneConfirmMs) return true;
    job.nextPollAt = now + this.intervalFor(job);
    return false;
  }

  private startSweep(background: readonly TrackedJob[]): void {
    this.sweeping = true;
    this.sweep(background).catch((error: unknown) => this.deps.logError('A job list sweep failed', error));
  }

  private async sweep(background: readonly TrackedJob[]): Promise<void> {
    const { config, timers, budget } = this.deps;
    const targets = background.map((job) => ({
      id: job.id,
      createdMs: job.wire === null ? null : createdMsOf(job.wire),
    }));
    const anyRunning = background.some((job) => statusOf(job) !== 'queued');
    try {
      const outcome = await this.deps.sweeper.sweep(targets);
      if (outcome !== null) this.applySweep(background, outcome);
    } catch (error) {
      if (budget.failed(error) === 'other') this.deps.logError('A job list sweep failed', error);
    } finally {
      this.sweeping = false;
      this.nextSweepAt = timers.now() + (anyRunning ? config.backgroundRunningMs : config.backgroundQueuedMs);
    }
  }

  private applySweep(background: readonly TrackedJob[], outcome: SweepOutcome): void {
    const { states } = this.deps;
    const options = { cannotTellCanceling: outcome.mode === 'v1' };
    for (const job of background) {
      if (job.finished || states.get(job.id) !== job) continue;
      const row = outcome.rows.get(job.id);
      if (row !== undefined) {
        job.missedSweeps = 0;
        this.applyRow(job, row, options);
      } else if (outcome.leftInFlight.has(job.id)) {
        job.needsRead = true;
      } else {
        job.missedSweeps += 1;
      }
    }
  }

  private applyRow(job: TrackedJob, row: WireJob, options: { cannotTellCanceling: boolean }): void {
    const merged = mergeListRow(job.wire, row, options);
    if (merged.wire !== null) this.deps.states.apply(job, merged.wire, 'list');
    // A terminal row is applied at once (the list is the service's own record), and the one final read
    // brings what a row lacks: outputs, the error, the completion time.
    if (merged.confirm) job.needsRead = true;
  }
}
