// `loupe models list|show|run`: the Router's catalog and one-call model runs (model-router-api.md).
import { resolve } from 'node:path';
import type { ModelEntry, RunResult } from '../../core/api';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { writeExactFile } from '../../core/content';
import { exitCodes } from '../exitCodes';
import { formatBytes, table } from '../format';
import { readJsonFile } from '../jsonFile';
import { safeJson, visible } from '../terminalText';

const list: CommandSpec = {
  words: ['models', 'list'],
  summary: 'List the models the Router offers',
  positionals: [],
  options: { limit: { type: 'string' }, cursor: { type: 'string' }, all: { type: 'boolean' } },
  optionHelp: [
    { flag: '--limit N', text: 'models per page (1 to 100)' },
    { flag: '--cursor C', text: 'start from this page cursor' },
    { flag: '--all', text: 'follow every page' },
  ],
  usesConnection: true,
  async run({ args, out, session, signal }: CommandContext) {
    const limit = args.integer('limit', 1, 100);
    let cursor = args.string('cursor');
    const { router } = await session.engine();
    const models: ModelEntry[] = [];
    let nextCursor: string | null = null;
    for (let page = 0; page < 1000; page++) {
      const result = await router.listModels(
        { ...(limit === undefined ? {} : { limit }), ...(cursor === undefined ? {} : { cursor }) },
        { signal },
      );
      models.push(...result.models);
      nextCursor = result.hasMore ? result.nextCursor : null;
      if (!args.flag('all') || nextCursor === null) break;
      cursor = nextCursor;
    }
    if (out.json) out.document({ models, nextCursor });
    else {
      const rows = models.map((model) => [model.id, model.billing?.charges_on_policy_rejection ?? '']);
      for (const line of table(['MODEL', 'CHARGES ON POLICY REJECTION'], rows)) out.line(line);
      if (nextCursor !== null) out.note(`More: --cursor ${visible(nextCursor)} (or --all)`);
    }
    return exitCodes.ok;
  },
};

const show: CommandSpec = {
  words: ['models', 'show'],
  summary: 'Show one model; --schema prints its input/output OpenAPI document',
  positionals: ['ID'],
  options: { schema: { type: 'boolean' } },
  optionHelp: [
    { flag: '--schema', text: 'print the model\u2019s openapi.json (its input and output schemas)' },
  ],
  usesConnection: true,
  async run({ args, out, session, signal }: CommandContext) {
    const { router } = await session.engine();
    const id = args.positional(0);
    if (args.flag('schema')) {
      const { document } = await router.openApi(id, { signal });
      out.line(out.json ? safeJson(document) : safeJson(document, 2));
      return exitCodes.ok;
    }
    const model = await router.getModel(id, { signal });
    if (out.json) out.document(model);
    else {
      const rows = [
        ['id', model.id],
        ['provider', model.provider],
        ['model', model.model],
        ['charges on policy rejection', model.billing?.charges_on_policy_rejection ?? 'not stated'],
        ['input schema', model.input_schema_url ?? '(see --schema)'],
      ];
      for (const line of table(['', ''], rows).slice(1)) out.line(line);
    }
    return exitCodes.ok;
  },
};

async function printRunResult(context: CommandContext, result: RunResult): Promise<void> {
  const { args, io, out, signal } = context;
  const target = args.string('output');
  if (result.kind === 'json' && target === undefined) {
    out.line(out.json ? safeJson({ output: result.data, meta: result.meta }) : safeJson(result.data, 2));
  } else if (result.kind === 'bytes' && target === undefined) {
    await result.body.cancel();
    throw args.usageError(
      `The model answered with ${visible(result.contentType)} bytes; save them with -o FILE.`,
    );
  } else if (target !== undefined) {
    const body =
      result.kind === 'bytes' ? result.body : new Blob([JSON.stringify(result.data, null, 2)]).stream();
    const saved = await writeExactFile(resolve(io.cwd, target), body, { signal });
    if (out.json) out.document({ file: saved.path, bytes: saved.bytes, meta: result.meta });
    else out.line(`${visible(saved.path)}  ${formatBytes(saved.bytes)}`);
  }
  const meta = result.meta;
  if (!out.json) {
    if (meta.creditsUsed !== null) out.note(`credits used: ${meta.creditsUsed}`);
    if (meta.droppedParams.length > 0)
      out.note(`dropped by the provider: ${visible(meta.droppedParams.join(', '))}`);
    if (meta.fallbackProvider !== null)
      out.note(`served by fallback provider: ${visible(meta.fallbackProvider)}`);
  }
}

const run: CommandSpec = {
  words: ['models', 'run'],
  summary: 'Run a model once with a JSON input and print its output',
  positionals: ['ID'],
  options: {
    input: { type: 'string' },
    output: { type: 'string', short: 'o' },
    provider: { type: 'string' },
    strict: { type: 'boolean' },
    'no-fallback': { type: 'boolean' },
  },
  optionHelp: [
    { flag: '--input FILE', text: 'the model\u2019s native JSON input (required; "-" for stdin)' },
    { flag: '-o, --output FILE', text: 'save the output to FILE (needed when the model answers with bytes)' },
    { flag: '--provider P', text: 'have an alternate provider serve the model' },
    { flag: '--strict', text: 'with --provider: send the input to that provider untranslated' },
    { flag: '--no-fallback', text: 'never retry on the model\u2019s other provider' },
  ],
  details:
    'Runs are metered. Each run carries an Idempotency-Key, so a retry after a lost answer is not billed twice.',
  usesConnection: true,
  async run(context: CommandContext) {
    const { args, io, session, signal } = context;
    const inputPath = args.string('input');
    if (inputPath === undefined)
      throw args.usageError('--input FILE is required (the model\u2019s JSON input).');
    const input = await readJsonFile(inputPath, io);
    const provider = args.string('provider');
    if (args.flag('strict') && provider === undefined) throw args.usageError('--strict needs --provider.');
    const { router } = await session.engine();
    const result = await router.run(args.positional(0), input, {
      ...(provider === undefined ? {} : { modelProvider: provider }),
      ...(args.flag('strict') ? { strictMode: true } : {}),
      ...(args.flag('no-fallback') ? { fallbackProvider: 'false' } : {}),
      signal,
    });
    await printRunResult(context, result);
    return exitCodes.ok;
  },
};

export const modelCommands: readonly CommandSpec[] = [list, show, run];
