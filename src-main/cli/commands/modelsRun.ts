// `loupe models run ID --input FILE`: one run through core's Router service, written to Loupe's store with its
// Idempotency-Key before it is sent. Synchronous by default; --queue hands it to the Router's queue and prints the
// request id (or, with --wait, follows it to its result). The CLI chooses the key when the user gives none, so it
// can always say how to collect a run whose answer was lost without paying for it twice.
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { RouterRunDetail, RouterRunOptions } from '../../../src-shared/contracts/models';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { exitCodes } from '../exitCodes';
import { readJsonFile } from '../jsonFile';
import { startRun, type Started } from '../modelRuns/keyReuse';
import { followQueued, printQueued } from '../modelRuns/queuedRun';
import { modelIdArg, routerScope, type RouterScope } from '../modelRuns/routerScope';
import { finishRun } from '../modelRuns/runOutcome';
import type { ParsedArgs } from '../parsedArgs';
import { visible } from '../terminalText';

function runOptions(args: ParsedArgs, queued: boolean): RouterRunOptions {
  const provider = args.string('provider');
  if (args.flag('strict') && provider === undefined) throw args.usageError('--strict needs --provider.');
  if (args.flag('no-fallback') && queued)
    throw args.usageError(
      '--no-fallback applies to synchronous runs only (the Router never falls back in its queue).',
    );
  return {
    ...(provider === undefined ? {} : { modelProvider: provider }),
    ...(args.flag('strict') ? { strictMode: true } : {}),
    ...(args.flag('no-fallback') ? { fallback: false } : {}),
  };
}

/** Ctrl-C during a synchronous run: it may still happen (and be charged); its key collects it later. */
function interruptedNote(context: CommandContext, scope: RouterScope, modelId: string, key: string): void {
  const latest = scope.router.runs(scope.profileId, { limit: 1 })[0];
  const run = latest?.modelId === modelId ? ` (run ${latest.runId})` : '';
  context.out.note(
    `The run may still happen on the Router and be charged${run}. To collect its answer without a second ` +
      `charge, run the same command again with --idempotency-key ${visible(key)}.`,
  );
}

const run: CommandSpec = {
  words: ['models', 'run'],
  summary: 'Run a model with a JSON input: its output, or the files it made',
  positionals: ['ID'],
  options: {
    input: { type: 'string' },
    queue: { type: 'boolean' },
    wait: { type: 'boolean' },
    'idempotency-key': { type: 'string' },
    output: { type: 'string', short: 'o' },
    provider: { type: 'string' },
    strict: { type: 'boolean' },
    'no-fallback': { type: 'boolean' },
  },
  optionHelp: [
    { flag: '--input FILE', text: 'the model’s native JSON input (required; "-" for stdin)' },
    { flag: '--queue', text: 'use the Router’s queue; prints the request id' },
    { flag: '--wait', text: 'with --queue: follow the run to its result' },
    { flag: '--idempotency-key K', text: 'the run’s key; the same key again never charges twice' },
    { flag: '-o, --output FILE', text: 'write the output (JSON, or the bytes) to FILE' },
    { flag: '--provider P', text: 'have an alternate provider serve the model' },
    { flag: '--strict', text: 'with --provider: send the input to that provider untranslated' },
    { flag: '--no-fallback', text: 'never retry on the model’s other provider (synchronous runs)' },
  ],
  details: [
    'Runs are metered. Without -o, media (audio, images, video) are saved in the current folder under a new',
    'name (never over an existing file) and the path is printed; a JSON output is printed. Credits, replays',
    'and what the provider ignored are noted on stderr. Exit codes: 0 done (or queued), 1 failed, 2 usage or',
    'refused, 3 Loupe could not tell (the answer was lost: run again with the same --idempotency-key), 130',
    'cancelled or Ctrl-C. `loupe models requests get|cancel` take the printed request id or Loupe’s run id.',
  ].join('\n'),
  usesConnection: true,
  async run(context: CommandContext) {
    const { args, io, out, session, signal } = context;
    const modelId = modelIdArg(args);
    const inputPath = args.string('input');
    if (inputPath === undefined) throw args.usageError('--input FILE is required (the model’s JSON input).');
    const queued = args.flag('queue');
    if (args.flag('wait') && !queued) throw args.usageError('--wait follows a queued run; add --queue.');
    const options = runOptions(args, queued);
    const givenKey = args.string('idempotency-key');
    if (givenKey !== undefined && (givenKey.length < 1 || givenKey.length > 255))
      throw args.usageError('--idempotency-key is 1 to 255 characters.');
    const outputArg = args.string('output');
    const target = outputArg === undefined ? null : resolve(io.cwd, outputArg);
    const input = await readJsonFile(inputPath, io);
    const scope = await routerScope(session);
    const idempotencyKey = givenKey ?? randomUUID();
    let started: Started;
    try {
      started = await startRun(
        scope,
        { modelId, input, mode: queued ? 'queued' : 'sync', options, idempotencyKey },
        signal,
      );
    } catch (error) {
      if (signal.aborted && !out.json) interruptedNote(context, scope, modelId, idempotencyKey);
      throw error;
    }
    let detail: RouterRunDetail = started.run;
    if (!out.json && started.reused === 'recorded') {
      out.note(
        `This key’s run ${detail.runId} is already recorded (${detail.state}): its record is the answer ` +
          '(replayed from Loupe’s record; not sent, not charged again).',
      );
    }
    const finish = { target, save: 'media' as const, idempotencyKey };
    if (detail.mode === 'queued' && (detail.state === 'in_queue' || detail.state === 'in_progress')) {
      if (!args.flag('wait')) {
        printQueued(context, detail);
        return exitCodes.ok;
      }
      detail = await followQueued(context, scope, detail);
    }
    return finishRun(context, scope, detail, finish);
  },
};

export const modelRunCommands: readonly CommandSpec[] = [run];
