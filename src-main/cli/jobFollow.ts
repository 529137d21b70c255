// Following a job to its end for `jobs watch` and `jobs submit --wait`, through core's watcher (the same one
// the app's windows subscribe to): one line per new snapshot (JSON lines with --json), then the exit code of
// its fate. Ctrl-C stops watching, not the job, and says so. A service that stops answering (429s, 5xx, a
// dropped network) is waited out for a bounded time, then reported as "could not tell", never as a failure.
import { isTerminalJobStatus, type JobSnapshot } from '../../src-shared/contracts/jobs';
import { DomainError } from '../core/errors';
import type { CommandContext } from './commandSpec';
import { CliError } from './errors';
import { exitCodeForJob, exitCodes } from './exitCodes';
import { jobErrorLines, jobStateLine, moreOutputsLine, outputTable } from './format';
import { notePartnerKeyHint } from './partnerKeyHint';
import type { Engine } from './session';
import { visible } from './terminalText';

/** How long a watch waits without a single answer about the job before it says it cannot tell. */
export const DEFAULT_SILENCE_LIMIT_MS = 120_000;

type Fate = { kind: 'ended'; job: JobSnapshot } | { kind: 'error'; error: Error } | { kind: 'silent' };

/** What a printed line says, without the moment it was observed (every poll renews that). */
function meaning(job: JobSnapshot): string {
  return JSON.stringify({ ...job, observedAt: null });
}

export async function followJob(context: CommandContext, engine: Engine, jobId: string): Promise<number> {
  const { out, signal, deps } = context;
  const silenceLimitMs = deps.silenceLimitMs ?? DEFAULT_SILENCE_LIMIT_MS;
  // Written by the watcher's callbacks, read after: an object, so the reads are not narrowed away.
  const seen: { last: string | null } = { last: null };
  let lastAnswerAt = Date.now();
  let settle: (fate: Fate) => void = () => undefined;
  const fate = new Promise<Fate>((resolve) => (settle = resolve));

  const stop = engine.watcher.watch(jobId, {
    live: true,
    emit: (event) => {
      if (event.type !== 'snapshot') return;
      // A poll or a stream event is an answer; a list row is too. Silence is measured between them.
      lastAnswerAt = Date.now();
      const job = event.job;
      const shown = meaning(job);
      if (shown !== seen.last) {
        seen.last = shown;
        if (out.json) out.document(job);
        else out.line(`${new Date().toISOString().slice(11, 19)}  ${jobStateLine(job)}`);
      }
      // The watcher marks the job finished just after it emits the final full read (outputs, error).
      if (isTerminalJobStatus(job.status))
        queueMicrotask(() => {
          if (engine.watcher.hasFinished(jobId)) settle({ kind: 'ended', job });
        });
    },
    end: (error) => settle({ kind: 'error', error: error ?? new Error('the watch ended') }),
  });
  const silence = setInterval(
    () => {
      if (Date.now() - lastAnswerAt > silenceLimitMs) settle({ kind: 'silent' });
    },
    Math.min(1_000, silenceLimitMs),
  );
  const onAbort = (): void => settle({ kind: 'error', error: new Error('interrupted') });
  signal.addEventListener('abort', onAbort, { once: true });

  let result: Fate;
  try {
    result = await fate;
  } finally {
    clearInterval(silence);
    signal.removeEventListener('abort', onAbort);
    stop();
  }
  if (signal.aborted) {
    out.note(`Stopped watching. The job goes on; cancel it with \`loupe jobs cancel ${visible(jobId)}\`.`);
    return exitCodes.canceled;
  }
  if (result.kind === 'silent') throw silentService(jobId, silenceLimitMs, seen.last !== null);
  if (result.kind === 'error') {
    if (result.error instanceof DomainError && result.error.code === 'not_found') throw unknownJob(jobId);
    throw result.error;
  }
  if (!out.json) printOutcome(context, result.job);
  if (result.job.status === 'failed') notePartnerKeyHint(out, result.job, engine.target);
  return exitCodeForJob(result.job.status);
}

/** A job the service does not know (never existed, another account's, or past retention): exit 2. */
export function unknownJob(id: string): CliError {
  return new CliError(
    'not_found',
    `The service does not know job ${visible(id)}.`,
    'Check the id. A job is visible only to the account that submitted it, and only until it expires.',
    exitCodes.usage,
  );
}

function silentService(id: string, limitMs: number, seenOnce: boolean): CliError {
  const seconds = Math.round(limitMs / 1000);
  return new CliError(
    'no_answer',
    `The service gave no answer about job ${visible(id)} for ${seconds} s (it is refusing requests, failing, or unreachable), so Loupe cannot tell how the job ${seenOnce ? 'went on' : 'is doing'}.`,
    `The job is not affected. Run \`loupe jobs watch ${visible(id)}\` again later.`,
    exitCodes.undetermined,
  );
}

function printOutcome({ out }: CommandContext, job: JobSnapshot): void {
  if (job.status === 'failed') for (const line of jobErrorLines(job)) out.line(line);
  if (job.status === 'expired')
    out.note('The job expired: it passed its retention deadline before it finished.');
  if (job.outputs.length > 0) {
    for (const line of outputTable(job.outputs)) out.line(`  ${line}`);
    const more = moreOutputsLine(job);
    if (more !== null) out.line(`  ${more}`);
    out.note(`Download them with \`loupe jobs outputs ${visible(job.id)} --download DIR\`.`);
  }
}
