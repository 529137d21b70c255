// Sending (and optionally waiting for) a batch from the CLI through core's BatchRunner: a live progress line
// on a terminal's stderr (counts and an ETA from the throughput seen so far), and the exit code of the whole:
// 0 every item succeeded, 1 any failed (or could not be sent), 3 some could not be told, 130 on Ctrl-C
// (sending stops; what was sent keeps running on the service).
import { batchWaitWords } from '../../src-shared/batchWait';
import type { BatchProgress } from '../core/outbox';
import type { CommandContext, OptionHelp, ParseArgsOptionsConfig } from './commandSpec';
import type { ParsedArgs } from './parsedArgs';
import { exitCodes, type ExitCode } from './exitCodes';
import type { Engine } from './session';
import { visible } from './terminalText';

/** `37/200 done · 4 running · 2 failed · 160 to send · ETA 3m10s`. */
export function batchProgressLine(progress: BatchProgress, etaMs: number | null, now = Date.now()): string {
  const done = progress.succeeded + progress.failed + progress.canceled;
  const parts = [`${done}/${progress.total} done`];
  if (progress.inFlight > 0) parts.push(`${progress.inFlight} queued or running`);
  if (progress.failed > 0) parts.push(`${progress.failed} failed`);
  if (progress.unknown > 0) parts.push(`${progress.unknown} could not be told`);
  const toSend = progress.pending + progress.sending;
  if (toSend > 0) parts.push(`${toSend} to send`);
  if (etaMs !== null) parts.push(`ETA ${duration(etaMs)}`);
  // Holding back (a full queue, a locked keychain): said, so a wait is not taken for a hang.
  if (progress.waiting !== null) parts.push(batchWaitWords(progress.waiting, now));
  return parts.join(' \u00b7 ');
}

function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}m${String(seconds % 60).padStart(2, '0')}s` : `${seconds}s`;
}

/** Remaining time from the rate items have ended at so far; null until one has. */
function etaFrom(startedAt: number, startDone: number, progress: BatchProgress): number | null {
  const done = progress.succeeded + progress.failed + progress.canceled;
  const finished = done - startDone;
  if (finished <= 0) return null;
  const perItem = (Date.now() - startedAt) / finished;
  return perItem * (progress.total - done);
}

export function exitCodeForBatch(progress: BatchProgress): ExitCode {
  if (progress.failed > 0 || progress.canceled > 0) return exitCodes.failed;
  if (progress.unknown > 0) return exitCodes.undetermined;
  return exitCodes.ok;
}

export async function sendBatch(
  context: CommandContext,
  engine: Engine,
  batchId: string,
  options: { window: number | undefined; wait: boolean; autoRetry?: number | undefined },
): Promise<{ progress: BatchProgress; exitCode: ExitCode }> {
  const { out, signal } = context;
  const startedAt = Date.now();
  let startDone: number | null = null;
  let progress: BatchProgress;
  try {
    progress = await engine.batches.run(batchId, {
      ...(options.window === undefined ? {} : { window: options.window }),
      signal,
      until: options.wait ? 'ended' : 'sent',
      ...(options.autoRetry === undefined ? {} : { autoRetry: options.autoRetry }),
      onProgress: (now) => {
        const done = now.succeeded + now.failed + now.canceled;
        startDone ??= done;
        out.status(batchProgressLine(now, etaFrom(startedAt, startDone, now)));
      },
    });
  } catch (error) {
    out.clearStatus();
    if (signal.aborted) {
      out.note(
        `Stopped sending. What was sent keeps running; continue with \`loupe batch resume ${visible(batchId)}\`.`,
      );
      return { progress: engine.batches.progressOf(batchId), exitCode: exitCodes.canceled };
    }
    throw error;
  }
  out.clearStatus();
  out.note(batchProgressLine(progress, null));
  if (!options.wait) return { progress, exitCode: progress.failed > 0 ? exitCodes.failed : exitCodes.ok };
  return { progress, exitCode: exitCodeForBatch(progress) };
}

/** The options every command that sends a batch takes (`batch run`, `resume`, `retry`), and their help. */
export const sendingOptions = {
  wait: { type: 'boolean' },
  concurrency: { type: 'string' },
  'auto-retry': { type: 'string' },
} as const satisfies ParseArgsOptionsConfig;

export const sendingOptionHelp: readonly OptionHelp[] = [
  { flag: '--wait', text: 'wait until every job has ended, exiting with the batch\u2019s outcome' },
  { flag: '--concurrency N', text: 'items queued or running at once (1 to 64, default 4)' },
  {
    flag: '--auto-retry K',
    text: 'send a job that failed transiently (worker lost, out of memory) again, up to K attempts',
  },
];

export function readSendingOptions(args: ParsedArgs): {
  window: number | undefined;
  wait: boolean;
  autoRetry: number | undefined;
} {
  return {
    window: args.integer('concurrency', 1, 64),
    wait: args.flag('wait'),
    autoRetry: args.integer('auto-retry', 1, 10),
  };
}
