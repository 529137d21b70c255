// `loupe library keep QUERY` and `loupe library export QUERY --to DIR`: the library's bytes leaving the
// service's retention, by search. The entries come from the app's own search (library.search, paged), keeping
// goes through library.keep; the CLI's core is headless, so this process runs the keep queue it filled to the
// end before it exits (the queue is the store's, so what Ctrl-C leaves queued the app or a later run goes on with).
import { resolve } from 'node:path';
import {
  LIBRARY_BULK_MAX,
  librarySearchArgsSchema,
  librarySearchPageSchema,
} from '../../../src-shared/contracts/library';
import { exportEntries } from '../../core/library/keep';
import type { Engine } from '../session';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { exitCodes } from '../exitCodes';
import type { ParsedArgs } from '../parsedArgs';
import { visible } from '../terminalText';
import { callCore } from './library';

/** The most entries one command keeps or exports (keepMatching's own bound). */
const MATCH_MAX = 200_000;
const PAGE = 1_000;

function entries(count: number): string {
  return `${count} ${count === 1 ? 'entry' : 'entries'}`;
}

function queryOf(args: ParsedArgs): string {
  const query = args.positional(0);
  if (!librarySearchArgsSchema.safeParse({ query }).success) {
    throw args.usageError('QUERY is not valid (at most 500 characters).');
  }
  return query;
}

/** Every entry the query matches, through the app's search (rejected entries left out, as it shows them). */
async function matchingIds(
  context: CommandContext,
  query: string,
): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  let cursor: string | null = null;
  let total = 0;
  do {
    const page = librarySearchPageSchema.parse(
      await callCore(context, 'library.search', { query, sort: 'oldest', limit: PAGE, cursor }),
    );
    if (cursor === null) for (const problem of page.queryProblems) context.out.note(problem);
    total = page.total;
    ids.push(...page.entries.map((entry) => entry.entryId));
    cursor = page.nextCursor;
  } while (cursor !== null && ids.length < MATCH_MAX);
  if (total > MATCH_MAX) {
    context.out.note(`${total} entries match; only the first ${MATCH_MAX} (oldest first) are taken.`);
  }
  return { ids: ids.slice(0, MATCH_MAX), total };
}

/** Resolves when the keeps are done and their sidecars written, or with false when the user interrupts. */
function waitForKeeps(engine: Engine, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((done) => {
    const onAbort = (): void => done(false);
    signal.addEventListener('abort', onAbort, { once: true });
    // settled() never rejects: a keep's failure is recorded on its row, a sidecar's stays due for the next start.
    // It waits for the sidecars too, so the folder is complete when the command returns.
    engine.core.library.keep.settled().then(
      () => {
        signal.removeEventListener('abort', onAbort);
        done(true);
      },
      () => done(true),
    );
  });
}

interface KeepOutcome {
  entryId: number;
  title: string;
  state: 'kept' | 'already kept' | 'failed' | 'queued' | 'not kept';
  message: string | null;
}

const keep: CommandSpec = {
  words: ['library', 'keep'],
  summary: 'Copy the original of every entry a search matches into Loupe’s library folder',
  positionals: ['QUERY'],
  options: {},
  optionHelp: [],
  details: [
    'QUERY is the same as `loupe library search` takes. The bytes are checked against their blake3 hash and',
    'kept under <data dir>/library, so they outlive the service’s retention; the disk budget set in the app',
    'applies. Progress is shown on stderr; each entry is then listed as kept or failed, with the reason.',
    'Ctrl-C stops waiting: what is still queued is kept by the app, or by this command run again.',
    'Exit codes: 0 everything matched is kept (or nothing matched), 1 any entry could not be kept,',
    '2 bad arguments, 130 Ctrl-C. --json prints {matched, kept, alreadyKept, failed, queued, folder}.',
  ].join('\n'),
  usesConnection: true,
  async run(context: CommandContext) {
    const { args, out, signal } = context;
    const query = queryOf(args);
    const { ids } = await matchingIds(context, query);
    const engine = await context.session.engine();
    const table = engine.core.store.libraryKeep;
    if (ids.length === 0) {
      if (out.json) out.document({ matched: 0, kept: [], alreadyKept: [], failed: [], queued: [] });
      out.note('Nothing in the library matches; nothing was kept.');
      return exitCodes.ok;
    }
    const keptBefore = new Set(ids.filter((id) => table.get(id)?.keepState === 'kept'));
    for (let at = 0; at < ids.length; at += LIBRARY_BULK_MAX) {
      await callCore(context, 'library.keep', { entryIds: ids.slice(at, at + LIBRARY_BULK_MAX) });
    }
    const queue = engine.core.library.keep;
    const toKeep = ids.length - keptBefore.size;
    // One count a tick, not a read per entry: the queue is the store's, and this process empties all of it.
    const showProgress = (): void => {
      const left = Math.min(toKeep, table.count('queued'));
      out.status(`keeping  ${toKeep - left} / ${toKeep}`);
    };
    showProgress();
    const progress = setInterval(showProgress, 250);
    let finished: boolean;
    try {
      finished = await waitForKeeps(engine, signal);
    } finally {
      clearInterval(progress);
      out.clearStatus();
    }
    const outcomes: KeepOutcome[] = ids.map((entryId) => {
      const entry = table.get(entryId);
      const title = entry?.title ?? '';
      if (keptBefore.has(entryId)) return { entryId, title, state: 'already kept', message: null };
      switch (entry?.keepState) {
        case 'kept':
          return { entryId, title, state: 'kept', message: null };
        case 'failed':
          return { entryId, title, state: 'failed', message: entry.keepMessage ?? 'it could not be kept' };
        case 'queued':
          return { entryId, title, state: 'queued', message: null };
        default:
          return { entryId, title, state: 'not kept', message: 'it was unkept or removed meanwhile' };
      }
    });
    const of = (state: KeepOutcome['state']): KeepOutcome[] => outcomes.filter((o) => o.state === state);
    const failed = [...of('failed'), ...of('not kept')];
    if (out.json) {
      out.document({
        matched: ids.length,
        kept: of('kept').map((o) => o.entryId),
        alreadyKept: of('already kept').map((o) => o.entryId),
        failed: failed.map((o) => ({ entryId: o.entryId, message: o.message })),
        queued: of('queued').map((o) => o.entryId),
        folder: queue.folder.root,
      });
    } else {
      for (const o of outcomes) {
        const reason = o.message === null ? '' : `: ${visible(o.message)}`;
        out.line(`${String(o.entryId).padStart(7)}  ${o.state.padEnd(12)}  ${visible(o.title)}${reason}`);
      }
      const parts = [`${entries(of('kept').length)} kept`];
      if (keptBefore.size > 0) parts.push(`${keptBefore.size} already kept`);
      if (failed.length > 0) parts.push(`${failed.length} could not be kept`);
      out.note(`${parts.join(', ')}, in ${visible(queue.folder.root)}.`);
    }
    if (!finished) {
      out.note(
        `Stopped waiting: ${entries(of('queued').length)} still queued` +
          ' (the app keeps them, or run this command again).',
      );
      return exitCodes.canceled;
    }
    return failed.length > 0 ? exitCodes.failed : exitCodes.ok;
  },
};

const exportCommand: CommandSpec = {
  words: ['library', 'export'],
  summary: 'Save the original of every entry a search matches into a folder, with manifests',
  positionals: ['QUERY'],
  options: { to: { type: 'string' } },
  optionHelp: [{ flag: '--to DIR', text: 'the folder (created if missing; existing files are kept)' }],
  details: [
    'QUERY is the same as `loupe library search` takes. A kept copy is used first (so a kept entry exports',
    'after the service forgot it); else the bytes come from the service. Each file is checked against its blake3',
    'hash. manifest.json and manifest.csv list every entry: job, asset, file, hash, where it came from, error.',
    'Exit codes: 0 everything saved (or nothing matched), 1 an entry could not be saved (the manifests name',
    'it), 2 bad arguments. --json prints {folder, entries}.',
  ].join('\n'),
  usesConnection: true,
  async run(context: CommandContext) {
    const { args, io, out } = context;
    const query = queryOf(args);
    const to = args.string('to');
    if (to === undefined || to.trim() === '') {
      throw args.usageError('--to DIR is needed: the folder to save into.');
    }
    const { ids } = await matchingIds(context, query);
    if (ids.length === 0) {
      if (out.json) out.document({ folder: null, entries: [] });
      out.note('Nothing in the library matches; nothing was saved.');
      return exitCodes.ok;
    }
    const engine = await context.session.engine();
    const folder = resolve(io.cwd, to);
    out.status(`exporting  ${entries(ids.length)}`);
    const core = engine.core;
    const exported = await exportEntries(
      { store: core.store, keep: core.library.keep, bytes: core.content.bytes },
      ids,
      folder,
    ).finally(() => out.clearStatus());
    const failed = exported.filter((e) => e.error !== null);
    if (out.json) out.document({ folder, entries: exported });
    else {
      out.line(visible(folder));
      for (const e of failed) out.note(`${e.entryId}  ${visible(e.title)}: ${visible(e.error ?? '')}`);
      const saved = exported.length - failed.length;
      out.note(
        `${saved} file${saved === 1 ? '' : 's'} saved, with manifest.csv and manifest.json` +
          (failed.length > 0 ? `; ${failed.length} could not be saved.` : '.'),
      );
    }
    return failed.length > 0 ? exitCodes.failed : exitCodes.ok;
  },
};

export const libraryFileCommands: readonly CommandSpec[] = [keep, exportCommand];
