// Every profile keeps working while the window shows another (ARCHITECTURE rule 12): one runtime per profile
// (its watcher, its senders, its jobs service), built when first asked for and kept while it has work: a batch
// sending, a job of Loupe's own still in flight, a window following it. One that has none for a while is
// released, so visiting twenty profiles leaves only the runtimes with work. "Active" is only what the window
// shows; nothing here reads it. A change of a profile's address rebuilds that profile's runtime only.
import type { JobSummary } from '../../../src-shared/contracts/jobs';
import type { ProfileWork } from '../../../src-shared/contracts/profiles';
import type { Connection } from '../api';
import { DomainError } from '../errors';
import type { ProfileChange } from '../profiles';
import type { LoupeStore } from '../store';
import type { WatchOptions } from '../watch/jobWatcher';
import { JobDiscovery } from './jobDiscovery';
import { createProfileJobs, type ProfileJobs, type ProfileJobsOptions } from './profileJobs';

export interface ProfileRuntimesDeps extends ProfileJobsOptions {
  profiles: {
    exists(profileId: string): boolean;
    onChange(listener: (change: ProfileChange) => void): () => void;
  };
  connect(profileId: string): Promise<Connection>;
  store: LoupeStore;
  /** How long a runtime without work is kept before it is released (default 30 s). */
  idleMs?: number;
  /** How often idle runtimes are looked for (default 5 s). */
  sweepMs?: number;
  /** How often a followed profile's newest jobs are read for jobs sent elsewhere (jobDiscovery.ts; 15 s). */
  discoverMs?: number;
  now?: () => number;
}

/** What runs on one profile, for the profile picker, the status bar and the taskbar (the contract's shape). */
export type { ProfileWork };

interface Entry {
  runtime: Promise<ProfileJobs>;
  built: ProfileJobs | null;
  /** Streams a window holds on this profile (jobs.updates, jobs.watch). */
  followers: number;
  lastUsedMs: number;
}

const gone = (profileId: string): DomainError =>
  new DomainError('profile_not_found', `There is no profile ${profileId}. It may have been removed.`);

export class ProfileRuntimes {
  private readonly entries = new Map<string, Entry>();
  private readonly updateSinks = new Map<string, Set<(jobs: JobSummary[]) => void>>();
  /** One per profile a window follows the rows of. */
  private readonly discoveries = new Map<string, JobDiscovery>();
  private readonly failures = new Map<string, Set<string>>();
  private readonly workListeners = new Set<() => void>();
  private readonly resumed = new Set<string>();
  private readonly stopListening: () => void;
  private readonly sweeper: ReturnType<typeof setInterval>;
  private readonly now: () => number;
  private disposed = false;

  constructor(private readonly deps: ProfileRuntimesDeps) {
    this.now = deps.now ?? Date.now;
    this.stopListening = deps.profiles.onChange((change) => this.onProfileChange(change));
    this.sweeper = setInterval(() => this.releaseIdle(), deps.sweepMs ?? 5_000);
    this.sweeper.unref();
  }

  /** The profile's runtime, built on first use; `profile_not_found` for a profile that does not exist. */
  runtime(profileId: string): Promise<ProfileJobs> {
    if (this.disposed) return Promise.reject(new DomainError('shutting_down', 'Loupe is closing.'));
    if (!this.deps.profiles.exists(profileId)) return Promise.reject(gone(profileId));
    const existing = this.entries.get(profileId);
    if (existing !== undefined) {
      existing.lastUsedMs = this.now();
      return existing.runtime;
    }
    const entry: Entry = {
      runtime: this.build(profileId),
      built: null,
      followers: 0,
      lastUsedMs: this.now(),
    };
    this.entries.set(profileId, entry);
    entry.runtime.then(
      (built) => {
        entry.built = built;
      },
      // A profile that could not be built (the Demo server not started yet) is tried again on the next call.
      () => {
        if (this.entries.get(profileId) === entry) this.entries.delete(profileId);
      },
    );
    return entry.runtime;
  }

  /** Builds the runtimes of profiles whose record says they have work (after a restart). */
  takeUpWork(profileIds: readonly string[]): void {
    for (const profileId of profileIds) {
      this.runtime(profileId).catch((error: unknown) =>
        (this.deps.logError ?? console.error)(
          `Loupe could not take up the work of profile ${profileId}`,
          error,
        ),
      );
    }
  }

  /** jobs.watch on one profile's job. */
  watch(profileId: string, jobId: string, options: WatchOptions): () => void {
    return this.follow(
      profileId,
      (error) => options.end(error),
      (runtime) => runtime.watcher.watch(jobId, options),
    );
  }

  /** jobs.updates of one profile: batched row updates, for as long as the stream is open. */
  updates(profileId: string, sink: (jobs: JobSummary[]) => void): () => void {
    const sinks = this.updateSinks.get(profileId) ?? new Set();
    this.updateSinks.set(profileId, sinks);
    sinks.add(sink);
    if (!this.discoveries.has(profileId)) this.discover(profileId);
    const stop = this.follow(
      profileId,
      () => undefined,
      () => () => undefined,
    );
    return () => {
      sinks.delete(sink);
      if (sinks.size === 0) {
        this.discoveries.get(profileId)?.stop();
        this.discoveries.delete(profileId);
      }
      stop();
    };
  }

  /** Jobs sent elsewhere reach the windows that follow the profile (jobDiscovery.ts). */
  private discover(profileId: string): void {
    const discovery = new JobDiscovery({
      list: async (args) => (await this.runtime(profileId)).service.list(args),
      tell: (rows) => this.tellRows(profileId, rows),
      ...(this.deps.discoverMs === undefined ? {} : { everyMs: this.deps.discoverMs }),
    });
    this.discoveries.set(profileId, discovery);
    discovery.start();
  }

  /** Whether a window follows the profile's rows (jobs.updates is open on it). */
  listening(profileId: string): boolean {
    return (this.updateSinks.get(profileId)?.size ?? 0) > 0;
  }

  /** Rows changed by something other than the watcher (named after indexing): to jobs.updates only. */
  tellRows(profileId: string, rows: readonly JobSummary[]): void {
    for (const sink of this.updateSinks.get(profileId) ?? []) sink([...rows]);
  }

  /** What runs on each profile that has a runtime or unseen failures. */
  work(): ProfileWork[] {
    const ids = new Set([...this.entries.keys(), ...this.failures.keys()]);
    return [...ids].map((profileId) => {
      const built = this.entries.get(profileId)?.built ?? null;
      return {
        profileId,
        batchesSending: built?.senders.sendingCount() ?? 0,
        batchesWaiting: built?.senders.waitingCount() ?? 0,
        jobsInFlight: built?.watcher.stats().ownInFlight ?? 0,
        failuresSinceLooked: this.failures.get(profileId)?.size ?? 0,
        sent: built?.senders.sendingProgress() ?? { done: 0, total: 0 },
      };
    });
  }

  /** The window showed this profile: its failures have been seen. */
  markLooked(profileId: string): void {
    if (this.failures.delete(profileId)) this.changed();
  }

  /** Called whenever what `work()` answers may have changed. */
  onWork(listener: () => void): () => void {
    this.workListeners.add(listener);
    return () => this.workListeners.delete(listener);
  }

  /** Releases runtimes with no work, nobody following them and no use for `idleMs`. */
  releaseIdle(): number {
    let released = 0;
    for (const [profileId, entry] of this.entries) {
      const built = entry.built;
      if (built === null || entry.followers > 0 || built.hasWork()) continue;
      if (this.now() - entry.lastUsedMs < (this.deps.idleMs ?? 30_000)) continue;
      this.entries.delete(profileId);
      built
        .dispose()
        .catch((error: unknown) =>
          (this.deps.logError ?? console.error)('A runtime did not stop cleanly', error),
        );
      released += 1;
    }
    if (released > 0) this.changed();
    return released;
  }

  /** Profiles whose runtime is built now (for tests and diagnostics). */
  live(): string[] {
    return [...this.entries.keys()];
  }

  /** Stops every runtime; resolves once each has recorded what its sends came to (the store may close then). */
  async dispose(): Promise<void> {
    this.disposed = true;
    clearInterval(this.sweeper);
    this.stopListening();
    for (const discovery of this.discoveries.values()) discovery.stop();
    this.discoveries.clear();
    const stopping = [...this.entries.keys()].map((profileId) => this.release(profileId));
    this.updateSinks.clear();
    await Promise.allSettled(stopping);
  }

  /** Keeps the profile's runtime while a window follows something on it. */
  private follow(
    profileId: string,
    fail: (error: Error) => void,
    start: (runtime: ProfileJobs) => () => void,
  ): () => void {
    let stop: (() => void) | null = null;
    let stopped = false;
    let counted: Entry | null = null;
    this.runtime(profileId).then(
      (runtime) => {
        if (stopped) return;
        counted = this.entries.get(profileId) ?? null;
        if (counted !== null) counted.followers += 1;
        stop = start(runtime);
      },
      (error: unknown) => {
        if (!stopped) fail(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => {
      if (stopped) return;
      stopped = true;
      stop?.();
      if (counted !== null) {
        counted.followers -= 1;
        counted.lastUsedMs = this.now();
      }
    };
  }

  private async build(profileId: string): Promise<ProfileJobs> {
    const connection = await this.deps.connect(profileId);
    // Unanswered submissions of an earlier run are taken up once per profile in this run.
    const resumeBefore = this.resumed.has(profileId) ? undefined : this.deps.resumeSubmissionsBefore;
    this.resumed.add(profileId);
    const runtime = createProfileJobs(profileId, connection, this.deps.store, {
      ...this.deps,
      resumeSubmissionsBefore: resumeBefore,
      onSendingChange: () => this.changed(),
    });
    runtime.watcher.onUpdates((rows) => this.heard(profileId, rows));
    return runtime;
  }

  private heard(profileId: string, rows: readonly JobSummary[]): void {
    this.tellRows(profileId, rows);
    let failed = false;
    for (const row of rows) {
      if (!row.submittedByUs || row.status !== 'failed') continue;
      const seen = this.failures.get(profileId) ?? new Set<string>();
      if (!seen.has(row.id)) {
        seen.add(row.id);
        this.failures.set(profileId, seen);
        failed = true;
      }
    }
    if (failed || rows.length > 0) this.changed();
  }

  private changed(): void {
    for (const listener of this.workListeners) {
      try {
        listener();
      } catch (error) {
        (this.deps.logError ?? console.error)('A work listener failed', error);
      }
    }
  }

  private onProfileChange(change: ProfileChange): void {
    // A new credential needs nothing: every request reads it from the keychain. An address change or a
    // removal rebuilds (or ends) that profile's runtime only; which profile is shown changes nothing here.
    if (change.kind === 'active' || change.kind === 'credential') return;
    this.release(change.profileId).catch((error: unknown) =>
      (this.deps.logError ?? console.error)('A runtime did not stop cleanly', error),
    );
    if (change.kind === 'removed') this.failures.delete(change.profileId);
  }

  private async release(profileId: string): Promise<void> {
    const entry = this.entries.get(profileId);
    if (entry === undefined) return;
    this.entries.delete(profileId);
    const runtime = await entry.runtime.catch(() => null);
    await runtime?.dispose(new DomainError('profile_changed', 'This profile’s address changed.'));
  }
}
