// Reads the library backlog (finished jobs whose outputs Loupe has not seen) in the background, so every
// output becomes an entry without anyone opening its job. One job at a time per profile, at most
// `perSecond` requests a second per profile (a job Loupe did not submit costs two: the job and its workflow),
// spaced evenly (no burst), newest first; the queue is in the store,
// so a restart takes it up where it was. A read that fails waits and is tried again a few times; a job the
// service no longer knows (404) is left at once. Runs under the core's supervisor and never rejects.
import { ApiError } from '../api';
import { DomainError } from '../errors';
import type { LoupeStore } from '../store';
import type { Supervisor } from '../supervision';

export interface BacklogReaderDeps {
  store: LoupeStore;
  /**
   * Reads one job in full through the profile's own jobs client; its outputs reach the store (and the
   * library). Answers how many requests it made, which the rate counts.
   */
  readJob(profileId: string, jobId: string): Promise<number>;
  supervisor: Supervisor;
  /** Requests a second on one profile (default 2). */
  perSecond?: number;
  /** Told after each job read (library.changes' backlog figure). */
  onRead?: () => void;
  /** How long an empty backlog waits before it looks again (default 30 s; a new job wakes it sooner). */
  idleMs?: number;
}

const RETRY_AFTER_MS = 60_000;
const GIVE_UP_AFTER = 5;

function isGone(error: unknown): boolean {
  if (error instanceof ApiError) return error.kind === 'http' && error.status === 404;
  return error instanceof DomainError && (error.code === 'not_found' || error.code === 'profile_not_found');
}

export class BacklogReader {
  private stopped = false;
  private running: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  /** Only an idle wait is cut short by new work: the wait between two reads is what bounds the rate. */
  private idle = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly intervalMs: number;

  constructor(private readonly deps: BacklogReaderDeps) {
    this.intervalMs = 1000 / Math.max(0.1, deps.perSecond ?? 2);
  }

  /** Starts reading (once); safe to call again. */
  start(): void {
    if (this.running !== null || this.stopped) return;
    const loop = this.loop().finally(() => {
      this.running = null;
    });
    this.running = loop;
    this.deps.supervisor.watch('Reading finished jobs into the library', loop);
  }

  /** New jobs were queued: look now rather than after the idle wait. */
  wake(): void {
    if (this.idle) this.wakeUp?.();
  }

  /** Stops after the read under way; resolves once it has. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    await this.running?.catch(() => undefined);
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const profiles = this.deps.store.library.backlog.profiles();
      let read = 0;
      let mostRequests = 0;
      const started = Date.now();
      // One job of each profile per round; a round lasts at least one interval per request the busiest profile
      // made, so each profile's rate holds.
      for (const profileId of profiles) {
        if (this.isStopped()) return;
        const [item] = this.deps.store.library.backlog.next(profileId, 1);
        if (item === undefined) continue;
        mostRequests = Math.max(mostRequests, await this.readOne(profileId, item.jobId));
        read++;
      }
      if (this.isStopped()) return;
      const elapsed = Date.now() - started;
      this.idle = read === 0;
      await this.pause(
        read === 0 ? (this.deps.idleMs ?? 30_000) : Math.max(0, this.intervalMs * mostRequests - elapsed),
      );
      this.idle = false;
    }
  }

  // A method, not a field read: `stop()` changes it across the awaits, where TypeScript cannot see.
  private isStopped(): boolean {
    return this.stopped;
  }

  /** The requests the read made; a failed read counts as one (its request was sent). */
  private async readOne(profileId: string, jobId: string): Promise<number> {
    const backlog = this.deps.store.library.backlog;
    let requests = 1;
    try {
      requests = Math.max(1, await this.deps.readJob(profileId, jobId));
      backlog.done(profileId, jobId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      backlog.failed(profileId, jobId, message, RETRY_AFTER_MS, isGone(error) ? 1 : GIVE_UP_AFTER);
    }
    this.deps.onRead?.();
    return requests;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        if (this.timer !== null) clearTimeout(this.timer);
        this.timer = null;
        this.wakeUp = null;
        resolve();
      };
      this.wakeUp = done;
      this.timer = setTimeout(done, ms);
      this.timer.unref();
    });
  }
}
