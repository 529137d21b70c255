// Nothing runs unsupervised in main (ARCHITECTURE rule 13): every piece of background work (senders, watchers,
// uploads, queue followers, the disk cache, resumes after a restart) is started through a Supervisor, which
// catches what it throws, logs it with the task's name, keeps the last few failures for diagnostics, and lets
// the owner record the work as paused with the reason. No promise rejects into the void, and the process
// goes on. The lint rule `no-floating-promises` (with `void` not accepted) makes this the only road.

export interface TaskFailure {
  task: string;
  message: string;
  at: string;
}

export type LogError = (message: string, error: unknown) => void;

/** How many recent failures are kept for diagnostics. */
const KEPT_FAILURES = 50;

export class Supervisor {
  private readonly recent: TaskFailure[] = [];

  constructor(private readonly logError: LogError) {}

  /**
   * Runs `work` in the background. Whatever it throws is logged under `task`, kept, and handed to `onFailure`
   * (to mark the work paused with its reason); a throwing `onFailure` is logged too. Never rejects.
   */
  run(task: string, work: () => Promise<unknown>, onFailure?: (error: unknown) => void): void {
    let started: Promise<unknown>;
    try {
      started = work();
    } catch (error) {
      this.fail(task, error, onFailure);
      return;
    }
    started.then(
      () => undefined,
      (error: unknown) => this.fail(task, error, onFailure),
    );
  }

  /** The same for a promise already under way. */
  watch(task: string, running: Promise<unknown>, onFailure?: (error: unknown) => void): void {
    this.run(task, () => running, onFailure);
  }

  /** The latest failures, newest last (for a diagnostics view and tests). */
  failures(): readonly TaskFailure[] {
    return this.recent;
  }

  private fail(task: string, error: unknown, onFailure?: (error: unknown) => void): void {
    this.recent.push({
      task,
      message: error instanceof Error ? error.message : String(error),
      at: new Date().toISOString(),
    });
    if (this.recent.length > KEPT_FAILURES) this.recent.shift();
    this.logError(`${task} stopped`, error);
    if (onFailure === undefined) return;
    try {
      onFailure(error);
    } catch (nested) {
      this.logError(`${task}: recording why it stopped failed too`, nested);
    }
  }
}

/** For code with no supervisor at hand (a module's own timers): logs to stderr, never rejects. */
export const consoleSupervisor = new Supervisor((message, error) => console.error(message, error));
