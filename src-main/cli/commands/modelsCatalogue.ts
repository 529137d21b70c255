// `loupe models list|show`: the Router's catalogue and one model's page, from core's Router service. The
// catalogue is kept per profile (every page followed), so a list answers from the store unless --refresh; a
// model's input schema is revalidated with its ETag, so a second `show` costs a 304.
import {
  MODEL_OUTPUT_KINDS,
  type ModelDetail,
  type ModelOutputKind,
  type ModelSummary,
} from '../../../src-shared/contracts/models';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { UsageError } from '../errors';
import { exitCodes } from '../exitCodes';
import { table } from '../format';
import { modelIdArg, routerScope } from '../modelRuns/routerScope';
import type { ParsedArgs } from '../parsedArgs';
import { safeJson, visible } from '../terminalText';

function noRouter(message: string): UsageError {
  return new UsageError(
    message,
    'Set LOUPE_ROUTER_URL, or save the profile with --router-url (`loupe profiles add NAME … --router-url U`).',
    'no_router',
  );
}

/** How long `models list` waits, on first use, for what each model makes. */
const FACTS_WAIT_MS = 20_000;

function kindArg(args: ParsedArgs): ModelOutputKind | undefined {
  const kind = args.string('kind');
  if (kind === undefined) return undefined;
  const known: readonly string[] = MODEL_OUTPUT_KINDS;
  if (!known.includes(kind)) throw args.usageError(`--kind is one of ${MODEL_OUTPUT_KINDS.join(', ')}.`);
  return kind as ModelOutputKind;
}

function matches(model: ModelSummary, args: ParsedArgs, kind: ModelOutputKind | undefined): boolean {
  const provider = args.string('provider');
  const search = args.string('search')?.toLowerCase();
  return (
    (provider === undefined || model.provider === provider) &&
    (kind === undefined || model.outputKind === kind) &&
    (search === undefined || model.id.toLowerCase().includes(search))
  );
}

const list: CommandSpec = {
  words: ['models', 'list'],
  summary: 'List the models the Router offers',
  positionals: [],
  options: {
    refresh: { type: 'boolean' },
    provider: { type: 'string' },
    kind: { type: 'string' },
    search: { type: 'string' },
  },
  optionHelp: [
    { flag: '--refresh', text: 'read every page from the Router again (else Loupe’s kept copy)' },
    { flag: '--provider P', text: 'only this provider’s models' },
    { flag: '--kind K', text: 'only models making image, video, audio or text (where their page says so)' },
    { flag: '--search S', text: 'only ids containing S' },
  ],
  usesConnection: true,
  async run({ args, out, session, signal }: CommandContext) {
    const kind = kindArg(args);
    const scope = await routerScope(session);
    let catalogue = await scope.router.catalogue(scope.profileId, {
      refresh: args.flag('refresh'),
      signal,
    });
    if (catalogue.kind === 'no_router') throw noRouter(catalogue.message);
    let unknown = catalogue.stale ? 0 : scope.router.unknownModelFacts(scope.profileId);
    if (unknown > 0) {
      // Once per model, kept with the catalogue: later lists answer from the store at once.
      if (!out.json)
        out.note(`Reading what ${unknown} models make (once; at most ${FACTS_WAIT_MS / 1000} s)…`);
      unknown = await scope.router.modelFacts(scope.profileId, FACTS_WAIT_MS);
      catalogue = await scope.router.catalogue(scope.profileId, { signal });
      if (catalogue.kind === 'no_router') throw noRouter(catalogue.message);
    }
    const models = catalogue.models.filter((model) => matches(model, args, kind));
    if (out.json) {
      const { fetchedAt, stale, staleReason } = catalogue;
      out.document({ models, fetchedAt, stale, staleReason });
      return exitCodes.ok;
    }
    const rows = models.map((model) => [
      model.id,
      model.outputKind ?? '',
      model.billing.charges_on_policy_rejection ?? '',
    ]);
    for (const line of table(['MODEL', 'MAKES', 'CHARGES ON POLICY REJECTION'], rows)) out.line(line);
    if (catalogue.stale) {
      const reason = catalogue.staleReason === null ? '' : ` (${visible(catalogue.staleReason)})`;
      out.note(`The Router could not be read${reason}; this is the list as of ${catalogue.fetchedAt}.`);
    }
    if (unknown > 0)
      out.note(
        `What ${unknown} models make is not known yet (their pages could not be read in time); ` +
          'the next `loupe models list` reads them again.',
      );
    return exitCodes.ok;
  },
};

/** The input schema's top-level fields, one a line: name, type, required, allowed values, default. */
function fieldLines(detail: ModelDetail): string[] {
  const input = detail.schema.input;
  const properties = input?.properties;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return [];
  const required = Array.isArray(input?.required) ? input.required : [];
  const rows = Object.entries(properties).map(([name, raw]) => {
    const field = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {};
    const type = typeof field.type === 'string' ? field.type : '';
    const choices = Array.isArray(field.enum)
      ? `one of ${field.enum.map((v) => safeJson(v)).join(', ')}`
      : '';
    const fallback = field.default === undefined ? '' : `default ${safeJson(field.default)}`;
    return [
      name,
      type,
      required.includes(name) ? 'required' : '',
      [choices, fallback].filter(Boolean).join('; '),
    ];
  });
  return table(['FIELD', 'TYPE', '', ''], rows).map((line) => `  ${line}`);
}

const show: CommandSpec = {
  words: ['models', 'show'],
  summary: 'Show one model and its input; --schema prints its input and output schemas',
  positionals: ['ID'],
  options: { schema: { type: 'boolean' } },
  optionHelp: [
    { flag: '--schema', text: 'print the model’s input and output JSON Schemas (from its openapi.json)' },
  ],
  details: 'The openapi.json is kept with its ETag: a later read is answered by Loupe’s copy when unchanged.',
  usesConnection: true,
  async run({ args, out, session, signal }: CommandContext) {
    const id = modelIdArg(args);
    const scope = await routerScope(session);
    const detail = await scope.router.detail(scope.profileId, id, { signal });
    if (!out.json && detail.schema.fromCache)
      out.note('schema: Loupe’s copy (the Router answered 304 Not Modified)');
    if (args.flag('schema')) {
      const { input, output, outputContentType } = detail.schema;
      out.line(safeJson({ input, output, outputContentType }, out.json ? undefined : 2));
      return exitCodes.ok;
    }
    if (out.json) {
      out.document(detail);
      return exitCodes.ok;
    }
    const makes = detail.outputKind ?? 'not stated';
    const type = detail.schema.outputContentType;
    const rows = [
      ['id', detail.id],
      ['provider', detail.provider],
      ['model', detail.model],
      ['makes', type === null ? makes : `${makes} (${type})`],
      ...Object.entries(detail.billing).map(([name, value]) => [name.replaceAll('_', ' '), value]),
    ];
    for (const line of table(['', ''], rows).slice(1)) out.line(line);
    const fields = fieldLines(detail);
    out.line(fields.length === 0 ? 'input      (no schema published; see --schema)' : 'input');
    for (const line of fields) out.line(line);
    return exitCodes.ok;
  },
};

export const modelCatalogueCommands: readonly CommandSpec[] = [list, show];
