// `loupe library search QUERY` and `loupe library rate ID N`: the library (issue 21) on core, the same calls the
// app makes (through core's dispatcher, so the contract's own argument schemas check what the CLI asks).
import {
  librarySearchArgsSchema,
  librarySearchPageSchema,
  type LibraryEntry,
} from '../../../src-shared/contracts/library';
import type { CallName } from '../../../src-shared/contract';
import { DomainError } from '../../core/errors';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { exitCodes } from '../exitCodes';
import { visible } from '../terminalText';

/** A contract call on core; a refusal comes out as the DomainError it was, with its code and words. */
export async function callCore(context: CommandContext, name: CallName, args: unknown): Promise<unknown> {
  const engine = await context.session.engine();
  const result = await engine.core.dispatcher.call(name, args);
  if (!result.ok) throw new DomainError(result.error.code, result.error.message);
  return result.value;
}

function stars(rating: number): string {
  return rating === 0 ? '-----' : '*'.repeat(rating).padEnd(5, '-');
}

function entryLine(entry: LibraryEntry): string {
  const when = entry.createdAt.slice(0, 16).replace('T', ' ');
  return [
    String(entry.entryId).padStart(7),
    stars(entry.rating),
    entry.type.padEnd(6),
    when,
    visible(entry.title),
  ].join('  ');
}

const search: CommandSpec = {
  words: ['library', 'search'],
  summary: 'Search every output Loupe has seen, on every profile',
  positionals: ['QUERY'],
  options: { limit: { type: 'string' } },
  optionHelp: [{ flag: '--limit N', text: 'at most N entries (1 to 1000, default 50)' }],
  details: [
    'Words and prefixes (light*) over prompts, names, models, labels and tags, and filters such as seed:42,',
    'cfg:7, steps:>=20, model:sdxl, sampler:euler, rating:>=4, kept:yes, type:image, tag:keeper, batch:NAME.',
    'A filter Loupe cannot read is said on stderr; the rest of the query still applies. Rejected entries are',
    'left out. --json prints {entries, nextCursor, total, queryProblems}.',
  ].join('\n'),
  usesConnection: true,
  async run(context: CommandContext) {
    const { args, out } = context;
    const query = args.positional(0);
    const limit = args.integer('limit', 1, 1000) ?? 50;
    const request = librarySearchArgsSchema.safeParse({ query, limit });
    if (!request.success) {
      throw args.usageError(
        `QUERY: ${request.error.issues[0]?.message ?? 'not valid'} (at most 500 characters).`,
      );
    }
    const page = librarySearchPageSchema.parse(await callCore(context, 'library.search', request.data));
    for (const problem of page.queryProblems) out.note(problem);
    if (out.json) {
      out.document(page);
      return exitCodes.ok;
    }
    if (page.entries.length === 0) out.note('Nothing in the library matches.');
    for (const entry of page.entries) out.line(entryLine(entry));
    if (page.total > page.entries.length) out.note(`${page.total} match; showing ${page.entries.length}.`);
    return exitCodes.ok;
  },
};

const rate: CommandSpec = {
  words: ['library', 'rate'],
  summary: 'Give a library entry 1 to 5 stars (0 clears)',
  positionals: ['ID', 'N'],
  options: {},
  optionHelp: [],
  details:
    'ID is the entry number `loupe library search` shows. Ratings stay in Loupe and are never sent to the ' +
    'service. Exit 2 for an ID or N that is not valid, 1 when no entry has that ID.',
  usesConnection: true,
  async run(context: CommandContext) {
    const { args, out } = context;
    const idText = args.positional(0);
    const ratingText = args.positional(1);
    if (!/^\d{1,15}$/.test(idText) || Number(idText) < 1) {
      throw args.usageError(`ID ${visible(idText)} is not an entry number (a whole number from 1).`);
    }
    if (!/^[0-5]$/.test(ratingText)) {
      throw args.usageError(`N ${visible(ratingText)} is not a rating: use 1 to 5 stars, or 0 to clear.`);
    }
    const entryId = Number(idText);
    const rating = Number(ratingText);
    await callCore(context, 'library.get', { entryId });
    await callCore(context, 'library.rate', { entryIds: [entryId], rating });
    if (out.json) out.document({ entryId, rating });
    else out.line(rating === 0 ? `${entryId}: rating cleared` : `${entryId}: ${stars(rating)}`);
    return exitCodes.ok;
  },
};

export const libraryCommands: readonly CommandSpec[] = [search, rate];
