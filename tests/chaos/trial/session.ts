// The Loupe processes of one trial, one after another on the same data directory: it starts them, gives each
// phase's command, kills the current one at the trial's kill points, starts another after a kill (or a
// death) and gives it the command that takes the work up again, as a person would. Every way a process
// ended is noted: by our SIGKILL, cleanly, or by itself (a death).
import type { KillPoint, StoreFault } from '../faults';
import type { DriverConfig, DriverMessage } from '../driver/protocol';
import type { ServerEvent } from '../hostile/context';
import { DriverProcess, type ExitInfo } from './driverProcess';
import type { CancelReport, Finding } from './verdict';

/** A command may take this long before the trial calls it stalled (a 429's waits, bodies past the time limit). */
const COMMAND_TIMEOUT_MS = 60_000;
const READY_TIMEOUT_MS = 20_000;
/** CHAOS_DEBUG=1 prints every line the drivers write, with the time (for reading one seed's replay). */
const debug = process.env.CHAOS_DEBUG === '1';
/** Processes one trial may start before it stops trying (each kill or death starts one). */
const MAX_STARTS = 8;
/** A command that fails (exit 1 in the CLI) is given again at most this many times in one phase. */
const MAX_COMMAND_FAILURES = 3;

export type PhaseCommand = 'send' | 'resume' | 'retry';

export interface SessionOptions {
  bundle: string;
  config: Omit<DriverConfig, 'storeFaults'>;
  /** Armed in the first process only: the disk is damaged on the bad day, then mended. */
  storeFaults: readonly StoreFault[];
  kills: ReadonlyArray<{ phase: number; point: KillPoint }>;
  cancelPositions: readonly number[];
}

export class TrialSession {
  readonly deaths: Finding[] = [];
  readonly notes: string[] = [];
  readonly cancels: CancelReport[] = [];
  /** What struck in the driver's processes, by name: `store mark-result SQLITE_FULL`, `kill -9 job-created`. */
  readonly struck: string[] = [];
  private driver: DriverProcess | null = null;
  private starts = 0;
  private phase = -1;
  private counters = new Map<string, number>();
  private readonly usedKills = new Set<number>();
  private lastStoreFault: string | null = null;

  constructor(private readonly options: SessionOptions) {}

  /** The server's events, counted per phase; a kill point that matches kills the driver before the answer. */
  async onServerEvent(event: ServerEvent): Promise<void> {
    const on = event.type;
    const count = (this.counters.get(on) ?? 0) + 1;
    this.counters.set(on, count);
    for (const [index, kill] of this.options.kills.entries()) {
      if (kill.phase !== this.phase || this.usedKills.has(index)) continue;
      if (kill.point.on === on && kill.point.nth === count) await this.killFor(index);
    }
  }

  /** Runs one phase's command to its end, through as many restarts as kills and deaths make necessary. */
  async runPhase(phase: number, command: PhaseCommand): Promise<void> {
    this.phase = phase;
    this.counters = new Map();
    const timers = this.options.kills.flatMap((kill, index) =>
      kill.phase === phase && kill.point.on === 'after-ms'
        ? [setTimeout(() => void this.killFor(index), kill.point.ms)]
        : [],
    );
    try {
      let next: PhaseCommand = command;
      for (let failures = 0; ;) {
        const driver = await this.current();
        if (driver === null) return;
        const outcome = await this.command(driver, next);
        if (outcome === 'done') return;
        // A command that failed and said so (the CLI's exit 1) is run again, a few times, as a person would.
        if (outcome === 'failed' && (failures += 1) >= MAX_COMMAND_FAILURES) return;
        // Taken up again by the command a person would give: run again (it finds the recorded batch, or
        // records it), or resume; never a second "retry failed" for the same click.
        next = command === 'retry' ? 'resume' : command;
      }
    } finally {
      for (const timer of timers) clearTimeout(timer);
    }
  }

  /** The bad day is over: the disk of the running process is mended (a new process starts healthy). */
  async mend(): Promise<void> {
    const driver = this.driver;
    if (driver?.alive !== true) return;
    driver.send({ cmd: 'mend' });
    await driver.next((m) => (m.type === 'done' && m.cmd === 'mend') || m.type === 'death', READY_TIMEOUT_MS);
  }

  /** Loupe's record, from the running process or a new one; null when no process could give it. */
  async report(): Promise<DriverMessage | null> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const driver = await this.current();
      if (driver === null) return null;
      driver.send({ cmd: 'report' });
      const message = await driver.next((m) => m.type === 'report' || m.type === 'death', COMMAND_TIMEOUT_MS);
      if (message?.type === 'report') return message;
    }
    return null;
  }

  /** Asks the running process to close core and exit (killed if it does not). */
  async close(): Promise<void> {
    const driver = this.driver;
    if (driver?.alive === true) {
      driver.send({ cmd: 'exit' });
      const exit = await Promise.race([driver.exited, delay(10_000).then(() => null)]);
      if (exit === null) {
        this.notes.push('a process did not exit when asked; killed');
        await driver.kill();
      }
    }
    this.driver = null;
  }

  private async current(): Promise<DriverProcess | null> {
    if (this.driver?.alive === true) return this.driver;
    if (this.starts >= MAX_STARTS) {
      if (this.starts === MAX_STARTS) this.notes.push(`gave up after ${MAX_STARTS} process starts`);
      this.starts += 1;
      return null;
    }
    const config: DriverConfig = {
      ...this.options.config,
      storeFaults: this.starts === 0 ? [...this.options.storeFaults] : [],
    };
    this.starts += 1;
    const driver = DriverProcess.start(this.options.bundle, config, (message) => this.heard(message));
    void driver.exited.then((exit) => this.ended(driver, exit));
    this.driver = driver;
    const ready = await driver.next((m) => m.type === 'ready' || m.type === 'death', READY_TIMEOUT_MS);
    if (ready?.type !== 'ready') {
      if (driver.alive) await driver.kill();
      await driver.exited;
      return this.current();
    }
    return driver;
  }

  private async command(driver: DriverProcess, command: PhaseCommand): Promise<'done' | 'failed' | 'ended'> {
    // Cancels belong to the first run (a person stops a few jobs while the batch goes), not to every command.
    const cancelPositions = this.phase === 0 ? [...this.options.cancelPositions] : [];
    driver.send({ cmd: command, cancelPositions });
    const message = await driver.next((m) => m.type === 'done' || m.type === 'death', COMMAND_TIMEOUT_MS);
    if (message?.type === 'done') {
      if (message.ok) return 'done';
      this.notes.push(`${command} failed: ${message.error ?? ''}`.slice(0, 300));
      return 'failed';
    }
    if (message === null && driver.alive) {
      this.notes.push(`${command} stalled: no end within ${COMMAND_TIMEOUT_MS / 1000} s; killed`);
      await driver.kill();
    }
    await driver.exited;
    return 'ended';
  }

  private async killFor(index: number): Promise<void> {
    if (this.usedKills.has(index) || this.driver?.alive !== true) return;
    this.usedKills.add(index);
    this.struck.push(`kill -9 ${this.options.kills[index]?.point.on ?? ''}`);
    await this.driver.kill();
  }

  private heard(message: DriverMessage): void {
    if (debug)
      process.stderr.write(
        `chaos debug ${new Date().toISOString().slice(11, 23)} ${JSON.stringify(message).slice(0, 300)}\n`,
      );
    if (message.type === 'store-fault') {
      this.struck.push(`store ${message.write} ${message.code}`);
      this.lastStoreFault = `${message.code} on ${message.write} (${message.sql})`;
    } else if (message.type === 'cancel') {
      this.cancels.push({ jobId: message.jobId, ok: message.ok, detail: message.detail });
    } else if (message.type === 'death') {
      const after = this.lastStoreFault === null ? '' : `, after ${this.lastStoreFault}`;
      this.deaths.push({
        subject: 'driver',
        reason: `${message.kind}: ${message.message}${after}`,
      });
    }
  }

  private ended(driver: DriverProcess, exit: ExitInfo): void {
    const ourKill = exit.killedByUs && exit.signal === 'SIGKILL';
    const reported = driver.messages.some((message) => message.type === 'death');
    if (ourKill || exit.code === 0 || reported) return;
    this.deaths.push({
      subject: 'driver',
      reason: `exited by itself (code ${exit.code ?? 'none'}, signal ${exit.signal ?? 'none'}): ${driver.stderrTail.trim().split('\n').slice(-3).join(' | ').slice(0, 400)}`,
    });
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
