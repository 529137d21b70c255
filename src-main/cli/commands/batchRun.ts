// `loupe batch run WORKFLOW [--sweep NODE.INPUT=SPEC]… [--inputs DIR --bind NODE.INPUT] [--csv FILE]
// [--repeat N] [--zip] [--name NAME] [--concurrency N] [--wait]`: plans the batch with core's planner,
// uploads the inputs through core's uploader (hash first), records every item with its own key in one
// durable commit, then sends it through core's BatchRunner, a window at a time.
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { recordPlan } from '../../core/outbox';
import { planBatch, type AxisRequest } from '../../core/plan';
import { parseWorkflowText } from '../../core/jobs';
import { expandPaths } from '../../core/uploads';
import { readSendingOptions, sendBatch, sendingOptionHelp, sendingOptions } from '../batchFollow';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { CliError, UsageError } from '../errors';
import type { CliIo } from '../io';
import type { Engine } from '../session';
import { visible } from '../terminalText';
import { readWorkflowText } from '../workflowFile';
import { readTextFile } from '../jsonFile';

/** A file a sweep names with `@name`, relative to the working directory, size-capped like every input. */
function sweepFileReader(io: CliIo): (name: string) => string {
  return (name) => {
    const path = resolve(io.cwd, name);
    let size: number;
    try {
      size = statSync(path).size;
    } catch {
      throw new UsageError(`The sweep file ${name} does not exist.`, null, 'file_not_found');
    }
    if (size > 16 * 1024 * 1024) throw new UsageError(`The sweep file ${name} is larger than 16 MiB.`);
    return readFileSync(path, 'utf8');
  };
}

/** Uploads every file under DIR (hash first: bytes the service holds are not sent) and returns their ids. */
async function uploadInputs(context: CommandContext, engine: Engine, dir: string): Promise<string[]> {
  const { out, signal } = context;
  const uploads = engine.core.uploads;
  const { batchId } = await uploads.start(engine.target.profile.id, [dir]);
  const cancel = (): void => void uploads.cancel(batchId);
  signal.addEventListener('abort', cancel, { once: true });
  const stop = uploads.onChange(batchId, () => out.status(`inputs: ${uploads.batch(batchId).summary.text}`));
  try {
    const batch = await uploads.whenFinished(batchId);
    out.clearStatus();
    signal.throwIfAborted();
    const files = [...batch.files].sort((a, b) => (a.relativePath < b.relativePath ? -1 : 1));
    const ids: string[] = [];
    for (const file of files) {
      const outcome = file.outcome;
      if (outcome?.kind !== 'deduplicated' && outcome?.kind !== 'uploaded') {
        const why =
          outcome === null ? 'it did not finish' : outcome.kind === 'canceled' ? 'canceled' : outcome.message;
        throw new CliError(
          'input_upload_failed',
          `The input ${visible(file.relativePath)} could not be uploaded: ${visible(why)}`,
        );
      }
      ids.push(outcome.assetId);
    }
    if (ids.length === 0) throw new UsageError(`${visible(dir)} holds no files to use as inputs.`);
    out.note(`inputs: ${batch.summary.text}`);
    return ids;
  } finally {
    stop();
    signal.removeEventListener('abort', cancel);
  }
}

export const batchRun: CommandSpec = {
  words: ['batch', 'run'],
  summary: 'Run one workflow over many inputs: sweeps, a folder of inputs, a CSV table, repeats',
  positionals: ['WORKFLOW'],
  options: {
    sweep: { type: 'string', multiple: true },
    inputs: { type: 'string' },
    bind: { type: 'string' },
    csv: { type: 'string' },
    repeat: { type: 'string' },
    zip: { type: 'boolean' },
    name: { type: 'string' },
    ...sendingOptions,
  },
  optionHelp: [
    {
      flag: '--sweep NODE.INPUT=SPEC',
      text: 'vary an input: 1..8, 1..100:5, a,b,c or @values.txt (repeatable)',
    },
    {
      flag: '--inputs DIR --bind NODE.INPUT',
      text: 'upload every file in DIR and run once per file, bound to that input',
    },
    { flag: '--csv FILE', text: 'one item per row; the header names the inputs (3.seed,6.text)' },
    { flag: '--repeat N', text: 'N copies of each item, each with fresh sampler seeds' },
    { flag: '--zip', text: 'pair the axes position by position instead of every combination' },
    { flag: '--name NAME', text: 'the batch\u2019s name (default: the workflow file\u2019s)' },
    ...sendingOptionHelp,
  ],
  details: [
    'Every item is written to Loupe\u2019s data with its own Idempotency-Key before anything is sent; a full',
    'queue (429) slows sending down and never fails an item. Without --wait the command ends once every item',
    'is sent; `loupe batch show ID` follows it. Prints the batch id alone on stdout\u2019s last line.',
    'Exit codes: 0 every item succeeded (or was sent, without --wait), 1 any failed, 3 some could not be told,',
    '130 Ctrl-C (sending stops; what was sent keeps running; `loupe batch resume ID` goes on).',
  ].join('\n'),
  usesConnection: true,
  async run(context: CommandContext) {
    const { args, io, out, session } = context;
    const repeat = args.integer('repeat', 1, 10_000);
    const sending = readSendingOptions(args);
    const inputsDir = args.string('inputs');
    const bind = args.string('bind');
    if ((inputsDir === undefined) !== (bind === undefined))
      throw args.usageError('--inputs DIR and --bind NODE.INPUT go together.');
    const { text, fileName } = await readWorkflowText(args.positional(0), io);
    const workflow = parseWorkflowText(text, fileName);
    const csvPath = args.string('csv');
    const fixedAxes: AxisRequest[] = [
      ...args.strings('sweep').map((sweep): AxisRequest => ({ kind: 'sweep', text: sweep })),
      ...(csvPath === undefined
        ? []
        : [{ kind: 'table', csv: await readTextFile(csvPath, io), name: basename(csvPath) } as const]),
    ];
    const environment = { readFile: sweepFileReader(io) };
    const request = (inputs: readonly string[] | null) => ({
      workflow,
      axes:
        inputs === null || bind === undefined
          ? fixedAxes
          : [{ kind: 'inputs', target: bind, assetIds: inputs } as const, ...fixedAxes],
      ...(args.flag('zip') ? { zip: true } : {}),
      ...(repeat === undefined ? {} : { repeat }),
    });
    // The plan is checked before anything is uploaded or recorded: one stand-in asset per input file, so a
    // zip against the inputs is checked with their real count.
    const inputFiles =
      inputsDir === undefined ? null : (await expandPaths([resolve(io.cwd, inputsDir)])).files.length;
    planBatch(
      request(inputFiles === null ? null : Array.from({ length: inputFiles }, (_, i) => `input-${i}`)),
      environment,
    );
    const engine = await session.engine();
    const assetIds =
      inputsDir === undefined ? null : await uploadInputs(context, engine, resolve(io.cwd, inputsDir));
    const plan = planBatch(request(assetIds), environment);
    const name = args.string('name') ?? fileName;
    const batch = recordPlan(
      {
        store: engine.core.store,
        profileId: engine.target.profile.id,
        surface: engine.target.connection.surface,
        newId: randomUUID,
      },
      plan,
      { name, workflowFile: fileName, window: sending.window ?? 4 },
    );
    out.note(
      `Batch ${visible(batch.id)}: ${plan.count} item${plan.count === 1 ? '' : 's'} recorded; sending.`,
    );
    const { exitCode, progress } = await sendBatch(context, engine, batch.id, sending);
    if (out.json) out.document({ batchId: batch.id, ...progress });
    else out.line(visible(batch.id));
    return exitCode;
  },
};
