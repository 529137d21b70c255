// One profile's job watcher: the one place that keeps job state fresh (ARCHITECTURE "watch/"). It tracks
// the jobs Loupe knows to be in flight (resumed from the store, listed, submitted, watched), polls them within
// a request budget (pollPlanner.ts), streams the ones someone looks at live (liveStreams.ts), merges the
// sources with polling as the truth (merge.ts), and announces every change once (jobStates.ts): to
// jobs.watch subscribers, to jobs.updates in batches, and to the store. It pauses while offline.
import type {
  JobOutputsPage,
  JobSnapshot,
  JobSummary,
  JobWatchEvent,
} from '../../../src-shared/contracts/jobs';
import { DomainError } from '../errors';
import type { ApiError, HttpClient } from '../api';
import type { ListCapability } from '../jobSources/listCapability';
import type { LocalHistory } from '../jobSources/localHistory';
import type { JobCursor } from '../store';
import { contractStatus, isTerminal, type LocalFacts } from '../jobSources/normalize';
import type { ServiceJobs } from '../jobSources/serviceJobs';
import { isFullRead, type WireJob } from '../jobSources/wireJob';
import type { LoupeStore } from '../store';
import { defaultWatchConfig, type WatchConfig } from './config';
import { JobStates, type TrackedJob, type WatchListener } from './jobStates';
import { ListSweeper } from './listSweep';
import { LiveStreams } from './liveStreams';
import { knownOutputsPage } from './knownOutputs';
import { mergeListRow } from './merge';
import { OutputsWriter } from './outputsWriter';
import { expiredPastRetention } from './pastRetention';
import { PollPlanner } from './pollPlanner';
import { RequestBudget } from './requestBudget';
import { StreamBridge } from './streamBridge';
import { systemTimers, type TimerHandle, type WatchTimers } from './timers';

export interface JobWatcherDeps {
  profileId: string;
  /** Whether this surface captures logs (for list rows, which carry no links to say so). */
  surfaceOffersLogs: boolean;
  /** Reads for polling: its http client must not retry by itself (the watcher has its own backoff). */
  reader: ServiceJobs;
  /** A client for one event stream, reporting each error it meets. */
  streamHttp(onFailure: (error: ApiError) => void): HttpClient;
  capability: ListCapability;
  store: LoupeStore;
  history: LocalHistory;
  /** False while the machine is offline: no traffic, watchers see mode 'paused'. */
  online?: () => boolean;
  timers?: WatchTimers;
  config?: Partial<WatchConfig>;
  random?: () => number;
  logError?: (message: string, error: unknown) => void;
}

export interface WatchOptions {
  live: boolean;
  emit(event: JobWatchEvent): void;
  end(error?: Error): void;
}

const offlineReason = 'Offline: Loupe resumes watching when the connection is back.';

/** Why a watch ended before its job did, when the watcher was stopped without a reason of its own. */
export function watchingStopped(): DomainError {
  return new DomainError(
    'watching_stopped',
    'Loupe stopped following this profile’s jobs before they ended. They go on on the service; open the ' +
      'batch or job again to follow them.',
  );
}

export class JobWatcher {
  private readonly config: WatchConfig;
  private readonly timers: WatchTimers;
  private readonly states: JobStates;
  private readonly budget: RequestBudget;
  private readonly streams: LiveStreams;
  private readonly bridge: StreamBridge;
  /** Writes tracked jobs' outputs to the store a chunk at a time (outputsWriter.ts). */
  readonly outputs: OutputsWriter;
  private readonly planner: PollPlanner;
  private readonly online: () => boolean;
  private readonly logError: (message: string, error: unknown) => void;
  private timer: TimerHandle | null = null;
  private lastFlushAt = 0;
  /**
   * Where the walk of the remembered open jobs stands when the store held more than `resumeLimit` of them at
   * the start: the rest are taken up, newest first, as those followed end. Null: none are left to take up.
   */
  private resumeAfter: JobCursor | null = null;
  private paused = false;
  private disposed = false;

  constructor(private readonly deps: JobWatcherDeps) {
    this.config = { ...defaultWatchConfig, ...deps.config };
    this.timers = deps.timers ?? systemTimers;
    this.online = deps.online ?? (() => true);
    this.logError = deps.logError ?? ((message, error) => console.error(message, error));
    const now = (): number => this.timers.now();
    this.outputs = new OutputsWriter({
      profileId: deps.profileId,
      store: deps.store,
      logError: this.logError,
    });
    this.states = new JobStates({
      profileId: deps.profileId,
      surfaceOffersLogs: deps.surfaceOffersLogs,
      store: deps.store,
      outputs: this.outputs,
      now,
      logError: this.logError,
      flushStream: (jobId) => this.bridge.flush(jobId),
    });
    this.budget = new RequestBudget(this.config, now, deps.random);
    this.bridge = new StreamBridge({
      states: this.states,
      config: this.config,
      timers: this.timers,
      isPaused: () => this.paused,
      askRead: (jobId) => this.askRead(jobId),
      readNow: (job) => this.planner.readNow(job),
    });
    this.streams = new LiveStreams({
      httpFor: (onFailure) => deps.streamHttp(onFailure),
      timers: this.timers,
      config: this.config,
      logError: this.logError,
      host: this.bridge,
    });
    this.planner = new PollPlanner({
      states: this.states,
      reader: deps.reader,
      sweeper: new ListSweeper({
        reader: deps.reader,
        capability: deps.capability,
        budget: this.budget,
        config: this.config,
      }),
      budget: this.budget,
      config: this.config,
      timers: this.timers,
      isLive: (jobId) => this.streams.isLive(jobId),
      onFinished: (job) => this.finish(job),
      onGone: (job) => this.forget(job),
      logError: this.logError,
    });
  }

  /** Resumes the in-flight jobs remembered in the store and starts the schedule. */
  start(): void {
    // Zero: a host that resumes nothing in the background (the CLI); the store would read it as "one".
    if (this.config.resumeLimit > 0) this.takeUpRemembered(this.config.resumeLimit);
    this.schedule(0);
  }

  /** Follows up to `count` more of the open jobs the store remembers, from where the last take-up stopped. */
  private takeUpRemembered(count: number): void {
    const remembered = this.deps.history.open(count, this.resumeAfter ?? undefined);
    for (const one of remembered) {
      // Already followed (a list page or a window brought it since the start): it keeps its state.
      if (this.states.get(one.wire.id) !== undefined) continue;
      this.states.seed(
        this.states.ensure(one.wire.id, () => one.local),
        one.wire,
      );
    }
    const last = remembered.at(-1);
    this.resumeAfter = remembered.length < count || last === undefined ? null : last.cursor;
  }

  /**
   * Beyond the limit, the next remembered open jobs once half of those followed have ended (read after a
   * flush, so the store's open jobs are the ones still open).
   */
  private takeUpMoreRemembered(): void {
    if (this.resumeAfter === null) return;
    let unfinished = 0;
    for (const job of this.states.jobs.values()) if (!job.finished) unfinished += 1;
    if (unfinished > this.config.resumeLimit / 2) return;
    const count = Math.min(
      this.config.resumeLimit - unfinished,
      this.config.maxTracked - this.states.jobs.size,
    );
    if (count > 0) this.takeUpRemembered(count);
  }

  /** Keeps one job fresh for a subscriber; returns the function that stops it. */
  watch(jobId: string, options: WatchOptions): () => void {
    // A stopped watcher follows nothing: said at once, so a caller never waits for an end it cannot hear.
    if (this.disposed) {
      options.end(watchingStopped());
      return () => undefined;
    }
    const job = this.states.ensure(jobId, () => this.deps.history.facts(jobId));
    if (job.wire === null) {
      const remembered = this.deps.history.one(jobId);
      if (remembered !== null) this.states.seed(job, remembered.wire);
    }
    const listener: WatchListener = { ...options, since: this.timers.now() };
    if (this.paused) this.states.addListener(job, listener, 'paused', offlineReason);
    else this.states.addListener(job, listener, this.streams.isLive(jobId) ? 'live' : 'polling', null);
    const terminal = job.wire !== null && isTerminal(contractStatus(job.wire.status));
    if (terminal && job.wire !== null && isFullRead(job.wire)) {
      // Remembered from a full read after it ended: nothing more to learn.
      job.finished = true;
    } else if (terminal) {
      // Known to have ended only from a list row: the one final read brings outputs and error.
      job.needsRead = true;
    } else {
      // Due now: read at once if it gets a GET slot, else the next list sweep carries it.
      job.nextPollAt = 0;
    }
    this.schedule(0);
    return () => {
      this.states.removeListener(job, listener);
      if (job.finished && !job.watched) this.states.jobs.delete(jobId);
    };
  }

  /** Takes a full read made elsewhere (get, submit, cancel, retry) and keeps the job fresh from here on. */
  track(wire: WireJob, local?: LocalFacts): JobSnapshot {
    // Facts are read again: a retry may have been linked to this job since it was last tracked.
    const facts = local ?? this.deps.history.facts(wire.id);
    const job = this.states.ensure(wire.id, () => facts);
    job.local = facts;
    this.states.apply(job, wire, 'poll');
    job.needsRead = false;
    job.nextPollAt = this.timers.now() + this.config.detailRunningMs;
    if (isTerminal(contractStatus(wire.status))) this.finish(job);
    else job.finished = false;
    this.schedule(0);
    const snapshot = job.snapshot;
    if (snapshot === null) throw new Error('a tracked job has no snapshot after a read');
    return snapshot;
  }

  /**
   * The service answered 404 for a job opened by id: what Loupe remembers of it; null when Loupe never knew
   * the job. A job still open is noted gone (it then reads 'unknown', or `expired` past a deadline it gave)
   * only when a read goneConfirmMs after the first 404 answers 404 too (pollPlanner.notFound): until then it
   * reads as Loupe last had it, and is followed, so that read comes.
   */
  rememberedGone(jobId: string): JobSnapshot | null {
    const remembered = this.deps.history.one(jobId);
    if (remembered === null) return null;
    const job = this.states.ensure(jobId, () => remembered.local);
    if (job.wire === null) this.states.seed(job, remembered.wire);
    const open = !job.finished && !isTerminal(contractStatus((job.wire ?? remembered.wire).status));
    if (open && remembered.local.goneAt == null && !this.planner.notFound(job)) {
      this.schedule(0);
      return job.snapshot;
    }
    this.forget(job);
    return job.snapshot;
  }

  /** Rows a list page brought: in-flight jobs are tracked from now on; known ones take the news. */
  trackRows(
    rows: readonly WireJob[],
    options: {
      cannotTellCanceling: boolean;
      /** Jobs the store notes the service had forgotten (a 404): listed after all, their news is kept. */
      notedGone?: ReadonlySet<string>;
    },
  ): void {
    for (const row of rows) {
      const known = this.states.get(row.id);
      const terminal = isTerminal(contractStatus(row.status));
      if (known === undefined && terminal && options.notedGone?.has(row.id) === true) {
        this.endReappeared(row, options);
        continue;
      }
      if (known === undefined && (terminal || this.states.jobs.size >= this.config.maxTracked)) continue;
      const job = known ?? this.states.ensure(row.id, () => this.deps.history.facts(row.id));
      if (job.finished) continue;
      // Listed: whatever a read's 404 said, the service knows it.
      job.notFoundSince = null;
      const merged = mergeListRow(job.wire, row, options);
      if (merged.wire !== null) this.states.apply(job, merged.wire, 'list');
      if (merged.confirm) job.needsRead = true;
    }
  }

  /**
   * A job noted gone that a list shows ended after all (the 404 was passing): its end is recorded like any
   * other, which clears the note, and it is not followed (a list row is all there is to know of it now).
   */
  private endReappeared(row: WireJob, options: { cannotTellCanceling: boolean }): void {
    const remembered = this.deps.history.one(row.id);
    const job = this.states.ensure(row.id, () => remembered?.local ?? this.deps.history.facts(row.id));
    const merged = mergeListRow(remembered?.wire ?? null, row, options);
    this.states.apply(job, merged.wire ?? row, 'list');
    this.finish(job);
  }

  /** New local facts for a job (a retry was linked to it). */
  relink(jobId: string, local: LocalFacts): void {
    const job = this.states.get(jobId);
    if (job !== undefined) this.states.relink(job, local);
  }

  /** The service's latest word on a tracked job, as merged so far. */
  wireOf(jobId: string): WireJob | null {
    return this.states.get(jobId)?.wire ?? null;
  }

  /** A page of a job's outputs from what Loupe knows of it (knownOutputs.ts); null when a read must bring them. */
  outputsPage(jobId: string, offset: number, limit: number): JobOutputsPage | null {
    const wire = this.wireOf(jobId) ?? this.deps.history.one(jobId)?.wire ?? null;
    return knownOutputsPage(this.deps, wire, offset, limit);
  }

  /** True once the job has ended and its final full read (outputs, error) is in: nothing more will come. */
  hasFinished(jobId: string): boolean {
    return this.states.get(jobId)?.finished === true;
  }

  snapshotOf(jobId: string): JobSnapshot | null {
    return this.states.get(jobId)?.snapshot ?? null;
  }

  onUpdates(listener: (jobs: JobSummary[]) => void): () => void {
    return this.states.onUpdates(listener);
  }

  /** For tests and diagnostics. */
  stats(): { tracked: number; inFlight: number; ownInFlight: number; streams: number; paused: boolean } {
    const jobs = [...this.states.jobs.values()];
    const unfinished = jobs.filter((job) => !job.finished);
    return {
      tracked: jobs.length,
      inFlight: unfinished.length,
      // Loupe's own jobs (and any a window follows) not yet ended: the profile's runtime has work while any is.
      ownInFlight: unfinished.filter((job) => job.local.submittedByUs || job.watched).length,
      streams: this.streams.openCount,
      paused: this.paused,
    };
  }

  /** Stops everything; watchers are ended with `error` (the profile switched away). */
  dispose(error?: DomainError): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.streams.stopAll();
    this.bridge.flushAll();
    this.states.flush();
    this.outputs.finish();
    for (const job of this.states.jobs.values()) this.states.endWatchers(job, error);
    this.states.jobs.clear();
  }

  private schedule(ms: number): void {
    if (this.disposed) return;
    if (this.timer !== null) {
      if (ms > 0) return;
      this.timers.clearTimeout(this.timer);
    }
    this.timer = this.timers.setTimeout(() => this.tick(), ms);
  }

  private tick(): void {
    this.timer = null;
    if (this.disposed) return;
    try {
      this.runTick();
    } catch (error) {
      this.logError('The job watcher tick failed', error);
    }
    this.schedule(this.config.tickMs);
  }

  private runTick(): void {
    const now = this.timers.now();
    if (now - this.lastFlushAt >= this.config.flushMs) {
      this.lastFlushAt = now;
      this.states.flush();
      this.takeUpMoreRemembered();
    }
    if (!this.online()) {
      this.pause();
      return;
    }
    if (this.paused) this.resume();
    this.syncStreams();
    this.planner.runDue();
  }

  private pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.streams.stopAll();
    for (const job of this.states.jobs.values()) {
      if (job.watched) this.states.setMode(job, 'paused', offlineReason);
    }
  }

  private resume(): void {
    this.paused = false;
    for (const job of this.states.jobs.values()) {
      job.nextPollAt = 0;
      if (job.watched) this.states.setMode(job, 'polling', null);
    }
  }

  private syncStreams(): void {
    const wanted = [...this.states.jobs.values()]
      .filter((job) => job.wantsLive && !job.finished && job.wire !== null && isFullRead(job.wire))
      .sort((a, b) => b.watchedSince - a.watchedSince);
    this.streams.sync(wanted.map((job) => job.id));
    for (const job of wanted) {
      const reason = this.streams.unavailableReason(job.id);
      if (reason !== null) this.states.setMode(job, 'polling', reason);
    }
  }

  private finish(job: TrackedJob): void {
    job.finished = true;
    job.needsRead = false;
    this.streams.stop(job.id);
    if (!job.watched) this.states.jobs.delete(job.id);
  }

  /** A 404: the job is unknown, foreign or past its retention; nothing more will come. */
  private forget(job: TrackedJob): void {
    const expired = expiredPastRetention(job.wire, this.timers.now());
    if (expired !== null) {
      // Past the deadline its last read gave: it ended `expired`, told and stored like any other end.
      this.states.apply(job, expired, 'poll');
      this.finish(job);
      return;
    }
    // How it ended cannot be known: it reads 'unknown' from now on, and is not followed any more.
    this.states.markGone(job);
    this.streams.stop(job.id);
    this.states.jobs.delete(job.id);
    this.states.endWatchers(
      job,
      new DomainError(
        'not_found',
        'The service no longer knows this job: it may have expired, or belong to another account.',
        { status: 404 },
      ),
    );
  }

  private askRead(jobId: string): void {
    const job = this.states.get(jobId);
    if (job === undefined || job.finished) return;
    job.needsRead = true;
    this.schedule(0);
  }
}
