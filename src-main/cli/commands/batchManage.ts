// `loupe batch list|show|resume|cancel`: the batches Loupe recorded for this profile, read from the store
// (core's BatchReader, the same the app's Batches screen reads), and sending taken up or stopped through
// core's BatchRunner.
import { resolve } from 'node:path';
import { batchIdSchema } from '../../../src-shared/contracts/batches';
import { exportBatch } from '../../core/batches';
import { sheetCommand } from './batchSheet';
import { failureGroups } from '../../core/outbox';
import { readSendingOptions, sendBatch, sendingOptionHelp, sendingOptions } from '../batchFollow';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { exitCodes } from '../exitCodes';
import { batchCountsWords, table } from '../format';
import type { ParsedArgs } from '../parsedArgs';
import { visible } from '../terminalText';

function batchId(args: ParsedArgs): string {
  const id = args.positional(0);
  if (!batchIdSchema.safeParse(id).success) throw args.usageError(`${visible(id)} is not a batch id.`);
  return id;
}

const list: CommandSpec = {
  words: ['batch', 'list'],
  summary: 'List the batches Loupe recorded for this profile, newest first',
  positionals: [],
  options: {},
  optionHelp: [],
  details: '--json prints an array of batches, newest first, each with its id.',
  usesConnection: true,
  async run({ out, session }: CommandContext) {
    const engine = await session.engine();
    const { batches } = engine.core.batches.list(engine.target.profile.id);
    if (out.json) {
      out.document(batches);
      return exitCodes.ok;
    }
    if (batches.length === 0)
      out.note('No batches yet. Start one with `loupe batch run WORKFLOW --sweep …`.');
    const rows = batches.map((batch) => [
      batch.id,
      batch.name,
      String(batch.itemCount),
      batchCountsWords(batch.counts),
    ]);
    for (const line of table(['ID', 'NAME', 'ITEMS', 'STATE'], rows)) out.line(line);
    return exitCodes.ok;
  },
};

const show: CommandSpec = {
  words: ['batch', 'show'],
  summary: 'Show one batch: its items, their values and jobs',
  positionals: ['ID'],
  options: {},
  optionHelp: [],
  usesConnection: true,
  async run({ args, out, session }: CommandContext) {
    const engine = await session.engine();
    const id = batchId(args);
    const detail = engine.core.batches.get(engine.target.profile.id, id);
    const failures = failureGroups(engine.core.store, engine.target.profile.id, id);
    if (out.json) {
      out.document({ ...detail, failures });
      return exitCodes.ok;
    }
    out.line(
      `${visible(detail.name)}  ${detail.itemCount} items  ${visible(batchCountsWords(detail.counts))}`,
    );
    const rows = detail.items.map((item) => [
      String(item.position),
      item.values.map((v) => `${v.target}=${JSON.stringify(v.value)}`).join(' '),
      item.job?.status ?? item.submission,
      item.jobId ?? item.submitError ?? '',
    ]);
    for (const line of table(['#', 'VALUES', 'STATE', 'JOB'], rows)) out.line(line);
    for (const group of failures) {
      out.note(
        `${group.itemIds.length} failed: ${visible(group.code)}: ${visible(group.message)} (retry with --group ${visible(group.code)})`,
      );
    }
    return exitCodes.ok;
  },
};

const resume: CommandSpec = {
  words: ['batch', 'resume'],
  summary: 'Take up a batch whose sender stopped: send what was never sent, reconcile what was in flight',
  positionals: ['ID'],
  options: sendingOptions,
  optionHelp: sendingOptionHelp,
  details:
    'An item that was sent but never answered is sent again under its own key: the service never runs it twice, and the job it made is found.\nExit codes: 0 every item succeeded, 1 any failed, 3 some could not be told, 130 Ctrl-C.',
  usesConnection: true,
  async run(context: CommandContext) {
    const { args } = context;
    const sending = readSendingOptions(args);
    const id = batchId(args);
    const engine = await context.session.engine();
    const { exitCode, progress } = await sendBatch(context, engine, id, sending);
    if (context.out.json) context.out.document({ batchId: id, ...progress });
    return exitCode;
  },
};

const retry: CommandSpec = {
  words: ['batch', 'retry'],
  summary: 'Send a batch\u2019s failed items again (all, or one failure group), each as its next attempt',
  positionals: ['ID'],
  options: { group: { type: 'string' }, ...sendingOptions },
  optionHelp: [
    {
      flag: '--group CODE',
      text: 'only the failures with this code (`loupe batch show ID` lists the groups)',
    },
    ...sendingOptionHelp,
  ],
  details:
    'Each retried item gets a new Idempotency-Key and a new job, linked to the job it retries.\nExit codes: 0 every item succeeded, 1 any failed, 3 some could not be told, 130 Ctrl-C.',
  usesConnection: true,
  async run(context: CommandContext) {
    const { args, out } = context;
    const sending = readSendingOptions(args);
    const id = batchId(args);
    const group = args.string('group');
    const engine = await context.session.engine();
    const queued = engine.batches.retryFailed(id, group);
    if (queued === 0) {
      out.note(
        group === undefined
          ? 'Nothing to retry: no item of this batch failed.'
          : `No failures with code ${visible(group)}.`,
      );
      return exitCodes.ok;
    }
    out.note(`Retrying ${queued} item${queued === 1 ? '' : 's'}.`);
    const { exitCode, progress } = await sendBatch(context, engine, id, sending);
    if (out.json) out.document({ batchId: id, retried: queued, ...progress });
    return exitCode;
  },
};

const cancel: CommandSpec = {
  words: ['batch', 'cancel'],
  summary: 'Stop a batch: nothing more is sent, and what is queued or running is canceled',
  positionals: ['ID'],
  options: {},
  optionHelp: [],
  usesConnection: true,
  async run({ args, out, session }: CommandContext) {
    const id = batchId(args);
    const engine = await session.engine();
    const asked = await engine.batches.cancel(id);
    const progress = engine.batches.progressOf(id);
    if (out.json) out.document({ batchId: id, canceledJobs: asked, ...progress });
    else
      out.note(
        `Canceled: nothing more is sent; ${asked} queued or running job${asked === 1 ? '' : 's'} asked to stop.`,
      );
    return exitCodes.ok;
  },
};

const exportCommand: CommandSpec = {
  words: ['batch', 'export'],
  summary: 'Save every output of a batch into a folder, named from the items’ values, with manifests',
  positionals: ['ID'],
  options: { to: { type: 'string' } },
  optionHelp: [{ flag: '--to DIR', text: 'the folder (created if missing; existing files are kept)' }],
  details:
    'Files are named from each item’s values (seed-3_cfg-7_00001.png), checked against their blake3 hashes.\nmanifest.csv and manifest.json list every item: values, attempts, job ids, status, error, outputs and hashes.\nExit 1 when an output could not be saved (the manifests name it).',
  usesConnection: true,
  async run({ args, io, out, session, signal }: CommandContext) {
    const id = batchId(args);
    const to = args.string('to');
    if (to === undefined) throw args.usageError('--to DIR is needed: the folder to save into.');
    const engine = await session.engine();
    const result = await exportBatch(
      { store: engine.core.store, bytes: engine.core.content.bytes, profileId: engine.target.profile.id },
      id,
      resolve(io.cwd, to),
      { signal, onProgress: (done, total) => out.status(`exporting  ${done} / ${total}`) },
    );
    out.clearStatus();
    if (out.json) out.document(result);
    else {
      out.line(visible(result.folder));
      out.note(
        `${result.files} file${result.files === 1 ? '' : 's'} saved, with manifest.csv and manifest.json` +
          (result.failed > 0 ? `; ${result.failed} could not be saved (see the manifests).` : '.'),
      );
    }
    return result.failed > 0 ? exitCodes.failed : exitCodes.ok;
  },
};

export const batchManageCommands: readonly CommandSpec[] = [
  list,
  show,
  resume,
  retry,
  cancel,
  exportCommand,
  sheetCommand,
];
