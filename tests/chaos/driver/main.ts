// The driver: one Loupe process (core, headless, as the CLI builds it) that a trial runs, kills with SIGKILL
// and starts again on the same data directory. It takes commands on stdin and reports on stdout. It keeps
// count of what the trial must never see: an unhandled rejection or an uncaught exception is reported as a
// death and ends the process as Node's default would (exit 70 here, so it is told apart from a kill).
import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { describe, loupeRecord, runCommand } from './commands';
import { openEngine, type Engine } from './engine';
import {
  DRIVER_CONFIG_ENV,
  commandSchema,
  driverConfigSchema,
  type DriverMessage,
  type DriverCommand,
} from './protocol';
import { installStoreFaults } from './storeFaults';

export const DEATH_EXIT_CODE = 70;

/** One line, written whole before anything else happens: a kill after it cannot take it back. */
function emit(message: DriverMessage): void {
  writeSync(1, `${JSON.stringify(message)}\n`);
}

/** Where in core it came from: the first frames in src-main (the bundle runs with source maps). */
function coreFrames(reason: unknown): string {
  const stack = reason instanceof Error ? (reason.stack ?? '') : '';
  const frames = stack
    .split('\n')
    .flatMap((line) => /(src-main\/[^\s():]+:\d+)/.exec(line)?.[1] ?? [])
    // The store's own helpers (sqlite.ts) say little; who called them is the story.
    .filter((frame) => !frame.startsWith('src-main/core/store/sqlite.ts'))
    .slice(0, 5);
  return frames.length === 0 ? '' : ` at ${frames.join(' < ')}`;
}

function die(kind: 'unhandledRejection' | 'uncaughtException', reason: unknown): never {
  emit({ type: 'death', kind, message: `${describe(reason)}${coreFrames(reason)}`.slice(0, 800) });
  process.exit(DEATH_EXIT_CODE);
}

process.on('unhandledRejection', (reason) => die('unhandledRejection', reason));
process.on('uncaughtException', (error) => die('uncaughtException', error));

const config = driverConfigSchema.parse(JSON.parse(process.env[DRIVER_CONFIG_ENV] ?? 'null'));
const storeFaults = installStoreFaults(config.storeFaults, (write, code, sql) =>
  emit({ type: 'store-fault', write, code, sql }),
);

async function perform(engine: Engine, command: DriverCommand): Promise<void> {
  switch (command.cmd) {
    case 'send':
    case 'resume':
    case 'retry':
      storeFaults.arm();
      try {
        await runCommand(engine, config, command.cmd, command.cancelPositions, emit);
        emit({ type: 'done', cmd: command.cmd, ok: true, error: null });
      } catch (error) {
        // What the CLI would print before exiting 1: not a death, the command failed and said so.
        emit({ type: 'done', cmd: command.cmd, ok: false, error: describe(error).slice(0, 600) });
      }
      return;
    case 'mend':
      storeFaults.disarm();
      emit({ type: 'done', cmd: 'mend', ok: true, error: null });
      return;
    case 'report':
      storeFaults.disarm();
      emit({ type: 'report', record: loupeRecord(engine, config) });
      emit({ type: 'done', cmd: 'report', ok: true, error: null });
      return;
    case 'exit':
      storeFaults.disarm();
      // A close that fails is reported (the CLI prints it), not taken for a death; one that hangs is cut short.
      await Promise.race([
        engine.core
          .close()
          .catch((error: unknown) => emit({ type: 'log', message: `close: ${describe(error)}` })),
        new Promise((resolve) => setTimeout(resolve, 5_000)),
      ]);
      process.exit(0);
  }
}

async function main(): Promise<void> {
  const engine = await openEngine(config, (message, error) =>
    emit({ type: 'log', message: `${message}: ${describe(error)}`.slice(0, 600) }),
  );
  emit({ type: 'ready' });
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    await perform(engine, commandSchema.parse(JSON.parse(line)));
  }
  process.exit(0);
}

await main();
