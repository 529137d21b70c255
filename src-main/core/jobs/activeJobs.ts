// The jobs of whichever profile is active. Switching profiles switches everything (ARCHITECTURE "Surfaces"):
// the old profile's watcher stops, its jobs.watch streams end with `profile_changed`, and the next call builds
// the new profile's from its connection. jobs.updates subscribers stay and hear from the new watcher.
import type { JobSummary } from '../../../src-shared/contracts/jobs';
import type { Connection } from '../api';
import type { ProfileChange } from '../profiles';
import { DomainError } from '../errors';
import type { LoupeStore } from '../store';
import type { WatchOptions } from '../watch/jobWatcher';
import type { JobsService } from './jobsService';
import { createProfileJobs, type ProfileJobs, type ProfileJobsOptions } from './profileJobs';

export interface ActiveJobsDeps extends ProfileJobsOptions {
  profiles: {
    activeId(): string | null;
    onChange(listener: (change: ProfileChange) => void): () => void;
  };
  connect(profileId: string): Promise<Connection>;
  store: LoupeStore;
}

interface Current {
  profileId: string;
  jobs: Promise<ProfileJobs>;
}

const switched = (): DomainError =>
  new DomainError('profile_changed', 'The active profile changed; this job belongs to the previous one.');

export class ActiveJobs {
  private current: Current | null = null;
  private disposed = false;
  private readonly updateSinks = new Set<(jobs: JobSummary[]) => void>();
  private readonly resumed = new Set<string>();
  private readonly stopListening: () => void;
  private readonly logError: (message: string, error: unknown) => void;

  constructor(private readonly deps: ActiveJobsDeps) {
    this.logError = deps.logError ?? ((message, error) => console.error(message, error));
    this.stopListening = deps.profiles.onChange((change) => this.onProfileChange(change));
  }

  /** The active profile's jobs service; builds it on first use. */
  async service(): Promise<JobsService> {
    return (await this.runtime()).service;
  }

  /** The active profile's runtime (tests reach the watcher through it). */
  runtime(): Promise<ProfileJobs> {
    const profileId = this.deps.profiles.activeId();
    if (this.disposed) return Promise.reject(new DomainError('shutting_down', 'Loupe is closing.'));
    if (profileId === null) {
      return Promise.reject(
        new DomainError('no_active_profile', 'Choose a connection first: jobs belong to a profile.'),
      );
    }
    if (this.current?.profileId === profileId) return this.current.jobs;
    this.leave();
    const jobs = this.build(profileId);
    const current: Current = { profileId, jobs };
    this.current = current;
    // A profile that could not be built (the Demo server not started yet) is tried again on the next call.
    jobs.catch(() => {
      if (this.current === current) this.current = null;
    });
    return jobs;
  }

  /** jobs.watch: a stream for one job of the active profile. */
  watch(jobId: string, options: WatchOptions): () => void {
    let stop: (() => void) | null = null;
    let stopped = false;
    this.runtime().then(
      (runtime) => {
        if (!stopped) stop = runtime.watcher.watch(jobId, options);
      },
      (error: unknown) => {
        if (!stopped) options.end(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }

  /** jobs.updates: batched row updates from whichever profile is active, now and after a switch. */
  updates(sink: (jobs: JobSummary[]) => void): () => void {
    this.updateSinks.add(sink);
    // Start the watcher now, so rows move even before the list is first asked for.
    this.runtime().catch(() => undefined);
    return () => this.updateSinks.delete(sink);
  }

  /** Resolves once the runtime's batch runs have recorded what their sends came to (the store may close then). */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.stopListening();
    this.updateSinks.clear();
    await this.switchAway();
  }

  private async build(profileId: string): Promise<ProfileJobs> {
    const connection = await this.deps.connect(profileId);
    if (this.deps.profiles.activeId() !== profileId) throw switched();
    // Unanswered submissions of an earlier run are taken up once per profile in this run, not at every switch.
    const resumeBefore = this.resumed.has(profileId) ? undefined : this.deps.resumeSubmissionsBefore;
    this.resumed.add(profileId);
    const runtime = createProfileJobs(profileId, connection, this.deps.store, {
      ...this.deps,
      resumeSubmissionsBefore: resumeBefore,
    });
    runtime.watcher.onUpdates((rows) => {
      for (const sink of this.updateSinks) sink(rows);
    });
    return runtime;
  }

  private onProfileChange(change: ProfileChange): void {
    const current = this.current;
    if (current === null) return;
    // The active profile changed, or the active one's address changed or it was removed: start over. A new
    // credential needs nothing: every request reads it from the keychain.
    if (change.kind === 'active') this.leave();
    else if (change.kind !== 'credential' && change.profileId === current.profileId) this.leave();
  }

  private leave(): void {
    this.switchAway().catch((error: unknown) =>
      this.logError('A profile runtime did not stop cleanly', error),
    );
  }

  private async switchAway(): Promise<void> {
    const current = this.current;
    if (current === null) return;
    this.current = null;
    const runtime = await current.jobs.catch(() => null);
    await runtime?.dispose(switched());
  }
}
