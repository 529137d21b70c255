// The Demo profile's server: started in-process on a free loopback port when the Demo profile is chosen,
// stopped when the user leaves it. The launcher is passed in (the hosts build it from the simulator), so
// core never imports the simulator.
import type { DemoEndpoint } from '../profiles';
import type { DemoSeededBatch } from './demoBatch';

export interface RunningDemo extends DemoEndpoint {
  /** The finished batch the server seeded, if it seeded one. */
  seededBatch?: DemoSeededBatch;
  close(): Promise<void>;
}

export interface DemoLauncher {
  start(): Promise<RunningDemo>;
}

export class DemoSupervisor {
  private running: RunningDemo | null = null;
  private pending: Promise<RunningDemo> | null = null;
  private unclaimedBatch: DemoSeededBatch | null = null;

  constructor(private readonly launcher: DemoLauncher | null) {}

  get available(): boolean {
    return this.launcher !== null;
  }

  /** The address while the Demo server runs, else null. */
  endpoint(): DemoEndpoint | null {
    return this.running;
  }

  async ensureRunning(): Promise<DemoEndpoint> {
    if (this.running) return this.running;
    if (!this.launcher) throw new Error('This Loupe build has no Demo server.');
    this.pending ??= this.launcher.start().then(
      (demo) => {
        this.running = demo;
        this.unclaimedBatch = demo.seededBatch ?? null;
        this.pending = null;
        return demo;
      },
      (error: unknown) => {
        this.pending = null;
        throw error;
      },
    );
    return this.pending;
  }

  /**
   * The running server's seeded batch, handed out once per launch: it is recorded when the server starts, not
   * again each time the Demo profile is chosen while it runs (which would undo the user's retries in it).
   */
  takeSeededBatch(): DemoSeededBatch | null {
    const batch = this.unclaimedBatch;
    this.unclaimedBatch = null;
    return batch;
  }

  async stop(): Promise<void> {
    const starting = this.pending;
    if (starting) await starting.catch(() => undefined);
    const running = this.running;
    this.running = null;
    this.unclaimedBatch = null;
    if (running) await running.close();
  }
}
