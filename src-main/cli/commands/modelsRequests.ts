// `loupe models requests list|get|cancel`: the profile's Router runs as Loupe recorded them (from its store, the
// same history the app shows), one look or a follow of a queued one, and a cancel through the Router's cancel_url.
// get and cancel take Loupe's run id or the Router's request id.
import { resolve } from 'node:path';
import type { RouterRunDetail } from '../../../src-shared/contracts/models';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { exitCodes } from '../exitCodes';
import { table } from '../format';
import { followQueued } from '../modelRuns/queuedRun';
import { routerScope, type RouterScope } from '../modelRuns/routerScope';
import { findRun } from '../modelRuns/runLookup';
import { finishRun } from '../modelRuns/runOutcome';
import { cancelCost, detailLines, runDocument } from '../modelRuns/runReport';

const FINISHED: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);

const list: CommandSpec = {
  words: ['models', 'requests', 'list'],
  summary: 'List this profile’s Router runs, newest first',
  positionals: [],
  options: { limit: { type: 'string' } },
  optionHelp: [{ flag: '--limit N', text: 'at most N runs (1 to 1000, default 100)' }],
  usesConnection: true,
  async run({ args, out, session }: CommandContext) {
    const limit = args.integer('limit', 1, 1000);
    const scope = await routerScope(session);
    const runs = scope.router.runs(scope.profileId, limit === undefined ? {} : { limit });
    if (out.json) {
      out.document({ runs });
      return exitCodes.ok;
    }
    if (runs.length === 0) {
      out.note('No Router runs yet for this profile. `loupe models run ID --input FILE` makes one.');
      return exitCodes.ok;
    }
    const rows = runs.map((run) => [
      run.runId,
      run.modelId,
      run.mode,
      run.state,
      run.creditsUsed === null ? '' : String(run.creditsUsed),
      run.createdAt,
    ]);
    for (const line of table(['RUN', 'MODEL', 'MODE', 'STATE', 'CREDITS', 'CREATED'], rows)) out.line(line);
    return exitCodes.ok;
  },
};

const get: CommandSpec = {
  words: ['models', 'requests', 'get'],
  summary: 'Show one Router run (one look at the Router for a queued one)',
  positionals: ['ID'],
  options: {
    wait: { type: 'boolean' },
    save: { type: 'boolean' },
    output: { type: 'string', short: 'o' },
  },
  optionHelp: [
    { flag: '--wait', text: 'follow a queued run to its result' },
    { flag: '--save', text: 'write its result into the current folder (new names, nothing overwritten)' },
    { flag: '-o, --output FILE', text: 'write its output (JSON, or the bytes) to FILE' },
  ],
  details:
    'ID is Loupe’s run id (`requests list`) or the Router’s request id (`models run --queue`). The exit code is' +
    ' a finished run’s outcome (0 completed, 1 failed, 130 cancelled); a look at a run still under way exits 0.',
  usesConnection: true,
  async run(context: CommandContext) {
    const { args, io, out, session, signal } = context;
    const outputArg = args.string('output');
    if (outputArg !== undefined && args.flag('save'))
      throw args.usageError('Use --save or -o FILE, not both.');
    const scope = await routerScope(session);
    const found = findRun(scope, args.positional(0));
    const run: RouterRunDetail = args.flag('wait')
      ? await followQueued(context, scope, found)
      : await scope.router.refreshRun(scope.profileId, found.runId, { signal });
    if (!out.json) for (const line of detailLines(run)) out.line(line);
    const writing = outputArg !== undefined || args.flag('save');
    if (writing && run.state !== 'completed' && !out.json)
      out.note(`Nothing written: the run is ${run.state}; its result comes when it has completed.`);
    const code = await finishRun(context, scope, run, {
      target: outputArg === undefined ? null : resolve(io.cwd, outputArg),
      save: args.flag('save') ? 'all' : 'none',
      idempotencyKey: null,
    });
    // A finished run has its verdict, the same with or without --wait; a look at one under way is not one.
    return FINISHED.has(run.state) ? code : exitCodes.ok;
  },
};

function creditsOf(run: RouterRunDetail): string {
  return run.creditsUsed === null ? '' : ` ${run.creditsUsed} credits`;
}

/** How long `cancel` watches for the Router to carry a cancel out before it reports it as asked. */
const SETTLE_MS = 10_000;

/** A cancel is carried out at the queue's next step: a short follow says how it ended (charged or not). */
async function settle(
  scope: RouterScope,
  run: RouterRunDetail,
  signal: AbortSignal,
): Promise<RouterRunDetail> {
  if (
    !run.cancelRequested ||
    run.state === 'cancelled' ||
    run.state === 'completed' ||
    run.state === 'failed'
  )
    return run;
  const patience = AbortSignal.any([signal, AbortSignal.timeout(SETTLE_MS)]);
  try {
    return await scope.router.waitForRun(scope.profileId, run.runId, { signal: patience });
  } catch (error) {
    if (signal.aborted || !patience.aborted) throw error;
    return scope.router.getRun(scope.profileId, run.runId);
  }
}

const cancel: CommandSpec = {
  words: ['models', 'requests', 'cancel'],
  summary: 'Ask the Router to cancel a queued run',
  positionals: ['ID'],
  options: {},
  optionHelp: [],
  details:
    'Before the run is dispatched it is cancelled and never charged. Once a provider has it, the Router answers' +
    ' CANCELLATION_REQUESTED: it may still finish, and may still be charged. A finished run answers' +
    ' ALREADY_COMPLETED and keeps its result.',
  usesConnection: true,
  async run({ args, out, session, signal }: CommandContext) {
    const scope = await routerScope(session);
    const found = findRun(scope, args.positional(0));
    const run = await settle(
      scope,
      await scope.router.cancelRun(scope.profileId, found.runId, { signal }),
      signal,
    );
    if (out.json) {
      out.document(runDocument(run, []));
      return exitCodes.ok;
    }
    out.line(`${run.runId}  ${run.state}`);
    if (run.state === 'cancelled') {
      out.note(`cancelled: ${cancelCost(run)}`);
    } else if (run.state === 'completed') {
      const kept = `its result is kept (\`loupe models requests get ${run.runId} --save\`)`;
      out.note(
        run.cancelRequested
          ? `CANCELLATION_REQUESTED, but the run finished first and was charged${creditsOf(run)}; ${kept}.`
          : `ALREADY_COMPLETED: the run had finished; ${kept}.`,
      );
    } else if (run.cancelRequested) {
      out.note(
        'CANCELLATION_REQUESTED: the Router will stop it if it can; a run a provider already has may still finish ' +
          `and be charged. \`loupe models requests get ${run.runId} --wait\` shows how it ends.`,
      );
    }
    return exitCodes.ok;
  },
};

export const modelRequestCommands: readonly CommandSpec[] = [list, get, cancel];
