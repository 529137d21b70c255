// One driver process as the trial sees it: started on the trial's data directory, given commands, listened
// to line by line, killed with SIGKILL when a kill point says so. Whether it ended by our hand or its own is
// kept, because a process that ends without being killed is a death.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import {
  DRIVER_CONFIG_ENV,
  driverMessageSchema,
  type DriverCommand,
  type DriverConfig,
  type DriverMessage,
} from '../driver/protocol';

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  killedByUs: boolean;
}

type Waiter = {
  accept: (message: DriverMessage) => boolean;
  resolve: (message: DriverMessage | null) => void;
};

export class DriverProcess {
  readonly messages: DriverMessage[] = [];
  readonly exited: Promise<ExitInfo>;
  private exitInfo: ExitInfo | null = null;
  private killedByUs = false;
  private waiters: Waiter[] = [];
  private stderr = '';

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly onMessage: (message: DriverMessage) => void,
  ) {
    this.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        this.exitInfo = { code, signal, killedByUs: this.killedByUs };
        for (const waiter of this.waiters) waiter.resolve(null);
        this.waiters = [];
        resolve(this.exitInfo);
      });
    });
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-4_000);
    });
    child.stdin.on('error', () => undefined);
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => this.receive(line));
  }

  static start(
    bundle: string,
    config: DriverConfig,
    onMessage: (message: DriverMessage) => void,
  ): DriverProcess {
    // Source maps on, so a death's stack names core's own files and lines.
    const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
      env: { ...process.env, [DRIVER_CONFIG_ENV]: JSON.stringify(config), NODE_OPTIONS: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return new DriverProcess(child, onMessage);
  }

  get alive(): boolean {
    return this.exitInfo === null;
  }

  /** The last of what the process wrote on stderr (for a death's reason). */
  get stderrTail(): string {
    return this.stderr;
  }

  send(command: DriverCommand): void {
    if (this.alive) this.child.stdin.write(`${JSON.stringify(command)}\n`);
  }

  /** The next message `accept` takes (from now on), or null when the process ended or `timeoutMs` passed. */
  next(accept: (message: DriverMessage) => boolean, timeoutMs: number): Promise<DriverMessage | null> {
    if (!this.alive) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== entry);
        resolve(null);
      }, timeoutMs);
      const entry: Waiter = {
        accept,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      };
      this.waiters.push(entry);
    });
  }

  /** SIGKILL, and resolves once the process is gone. */
  async kill(): Promise<ExitInfo> {
    if (this.alive) {
      this.killedByUs = true;
      this.child.kill('SIGKILL');
    }
    return this.exited;
  }

  private receive(line: string): void {
    let parsed: DriverMessage;
    try {
      parsed = driverMessageSchema.parse(JSON.parse(line));
    } catch {
      parsed = { type: 'log', message: `unreadable driver line: ${line.slice(0, 200)}` };
    }
    this.messages.push(parsed);
    this.onMessage(parsed);
    const taken = this.waiters.filter((waiter) => waiter.accept(parsed));
    this.waiters = this.waiters.filter((waiter) => !taken.includes(waiter));
    for (const waiter of taken) waiter.resolve(parsed);
  }
}
