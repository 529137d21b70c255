// Test support: fakeHost answers for library.* over an in-memory library of a few hundred entries. Filters are
// honoured crudely (words as substrings of title and prompt; `seed:`, `rating:>=`, `kept:` as field filters;
// anything else with a colon is a query problem), pages are offsets, and every change is kept, so a refetch
// shows it.
import type {
  KeepRule,
  LibraryCollection,
  LibraryEntry,
  LibraryFacetCount,
  LibraryFilter,
  LibrarySearchArgs,
} from '../../../../src-shared/contract';
import type { CallResult } from '../../../../src-shared/protocol';
import type { Answer } from '../../../test/fakeHost';
import { useLibraryNotice } from '../libraryNotice';
import { resetLibraryUi } from '../libraryUiStore';

const WORDS = ['lighthouse at dusk', 'a red kite', 'forest path in fog', 'city street at night'];

export function libraryEntry(entryId: number, patch: Partial<LibraryEntry> = {}): LibraryEntry {
  const prompt = `${WORDS[entryId % WORDS.length] ?? 'picture'}, detailed`;
  return {
    entryId,
    profileId: entryId % 5 === 0 ? 'demo' : 'local',
    profileName: entryId % 5 === 0 ? 'Demo server' : 'Local proxy',
    source: 'job',
    jobId: `job-${entryId}`,
    assetId: `asset-${entryId}`,
    title: `${prompt} #${entryId}`,
    name: `out_${entryId}.png`,
    type: entryId % 10 === 9 ? 'audio' : 'image',
    contentType: entryId % 10 === 9 ? 'audio/wav' : 'image/png',
    sizeBytes: 1000 + entryId,
    hash: `blake3:${entryId.toString(16).padStart(64, '0')}`,
    createdAt: new Date(Date.UTC(2025, 0, 1) + entryId * 60_000).toISOString(),
    jobStatus: 'completed',
    batch: entryId % 3 === 0 ? { id: 'batch-1', name: 'Lighthouse sweep', values: { cfg: '7' } } : null,
    prompt,
    seed: entryId,
    steps: 20,
    cfg: 7,
    sampler: 'euler',
    model: 'sdxl.safetensors',
    width: 1024,
    height: 1024,
    rating: 0,
    rejected: false,
    tags: [],
    keep: 'none',
    keepMessage: null,
    expiresAt: null,
    expiringSoon: entryId % 50 === 1,
    thumb: 'ready',
    thumbMessage: null,
    ...patch,
  };
}

type Filter = LibraryFilter;

/** The query's words and field filters, as main would read them (crudely). */
function parseQuery(query: string | undefined) {
  const words: string[] = [];
  const fields: ((entry: LibraryEntry) => boolean)[] = [];
  const problems: string[] = [];
  for (const token of (query ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
    const [name, value = ''] = token.split(':', 2);
    if (!token.includes(':')) words.push(token);
    else if (name === 'seed') fields.push((entry) => String(entry.seed) === value);
    else if (name === 'rating' && value.startsWith('>='))
      fields.push((e) => e.rating >= Number(value.slice(2)));
    else if (name === 'kept') fields.push((entry) => (entry.keep === 'kept') === (value === 'yes'));
    else problems.push(`“${token}” is not a filter Loupe knows; it was left out.`);
  }
  return { words, fields, problems };
}

function matches(entry: LibraryEntry, filter: Filter): boolean {
  const { words, fields } = parseQuery(filter.query);
  const text = `${entry.title} ${entry.prompt ?? ''}`.toLowerCase();
  if (!words.every((word) => text.includes(word))) return false;
  if (!fields.every((test) => test(entry))) return false;
  if (filter.types && !filter.types.includes(entry.type)) return false;
  if (filter.sources && !filter.sources.includes(entry.source)) return false;
  if (filter.profileIds && !filter.profileIds.includes(entry.profileId)) return false;
  if (filter.batchId !== undefined && entry.batch?.id !== filter.batchId) return false;
  if (filter.minRating !== undefined && entry.rating < filter.minRating) return false;
  if (filter.tags && !filter.tags.every((tag) => entry.tags.includes(tag))) return false;
  if (filter.kept !== undefined && (entry.keep === 'kept') !== filter.kept) return false;
  if (filter.expiringSoon === true && !entry.expiringSoon) return false;
  if (filter.from !== undefined && entry.createdAt < filter.from) return false;
  if (filter.to !== undefined && entry.createdAt >= filter.to) return false;
  const rejected = filter.rejected ?? 'hide';
  if (rejected === 'hide' && entry.rejected) return false;
  if (rejected === 'only' && !entry.rejected) return false;
  return true;
}

function counts(values: readonly string[], label: (value: string) => string = (v) => v): LibraryFacetCount[] {
  const tally = new Map<string, number>();
  for (const value of values) tally.set(value, (tally.get(value) ?? 0) + 1);
  return [...tally].map(([value, count]) => ({ value, label: label(value), count }));
}

const ok = (value: unknown): CallResult<unknown> => ({ ok: true, value });

export interface FakeLibrary {
  entries: LibraryEntry[];
  collections: LibraryCollection[];
  rules: Record<string, KeepRule>;
  budgetBytes: number | null;
  /** What library.search answers instead, when set (an error, say). */
  searchAnswer: CallResult<unknown> | null;
  /** What library.export answers. */
  exportAnswer: CallResult<unknown>;
  answers: Record<string, Answer>;
}

type Sort = LibrarySearchArgs['sort'];

/** An entry's place in a sort, as the fake's cursor: its rating and id. */
function cursorOf(entry: LibraryEntry): string {
  return `${entry.rating}:${entry.entryId}`;
}

/** Orders two (rating, id) keys as the sort does: newest and rating descending, oldest ascending. */
function compareKeys(sort: Sort, a: [number, number], b: [number, number]): number {
  if (sort === 'oldest') return a[1] - b[1];
  if (sort === 'rating') return b[0] - a[0] || b[1] - a[1];
  return b[1] - a[1];
}

function inOrder(sort: Sort): (a: LibraryEntry, b: LibraryEntry) => number {
  return (a, b) => compareKeys(sort, [a.rating, a.entryId], [b.rating, b.entryId]);
}

function isAfter(sort: Sort, entry: LibraryEntry, cursor: string): boolean {
  const [rating = 0, id = 0] = cursor.split(':').map(Number);
  return compareKeys(sort, [entry.rating, entry.entryId], [rating, id]) > 0;
}

export function fakeLibrary(count = 300): FakeLibrary {
  const state: FakeLibrary = {
    entries: Array.from({ length: count }, (_, index) => libraryEntry(index + 1)),
    collections: [],
    rules: {},
    budgetBytes: null,
    searchAnswer: null,
    exportAnswer: ok({ kind: 'not_available', message: 'Export saves files from the desktop app.' }),
    answers: {},
  };
  const byIds = (args: unknown) => {
    const ids = new Set((args as { entryIds: number[] }).entryIds);
    return state.entries.filter((entry) => ids.has(entry.entryId));
  };
  const update = (args: unknown, patch: (entry: LibraryEntry) => Partial<LibraryEntry>) => {
    const hit = byIds(args);
    const ids = new Set(hit.map((entry) => entry.entryId));
    state.entries = state.entries.map((entry) =>
      ids.has(entry.entryId) ? { ...entry, ...patch(entry) } : entry,
    );
    return ok({ updated: hit.length });
  };
  const keepStatus = () => {
    const kept = state.entries.filter((entry) => entry.keep === 'kept' || entry.keep === 'queued');
    return {
      usedBytes: kept.reduce((sum, entry) => sum + entry.sizeBytes, 0),
      budgetBytes: state.budgetBytes,
      keptEntries: kept.length,
      queued: 0,
      failed: 0,
      expiringSoon: state.entries.filter((entry) => entry.expiringSoon).length,
      folder: '/home/me/.local/share/Loupe/library',
    };
  };
  const keepIds = (hit: LibraryEntry[]) => {
    const ids = new Set(hit.map((entry) => entry.entryId));
    state.entries = state.entries.map((entry) =>
      ids.has(entry.entryId) ? { ...entry, keep: 'kept', expiringSoon: false } : entry,
    );
    return ok({ queued: hit.length });
  };
  state.answers = {
    'assets.base': () => ok({ base: '/asset-bytes/cap/' }),
    'library.search': (args) => {
      if (state.searchAnswer !== null) return state.searchAnswer;
      const search = args as LibrarySearchArgs;
      const found = state.entries.filter((entry) => matches(entry, search));
      found.sort(inOrder(search.sort));
      // Keyset cursors, as main's: the last entry's sort keys, so entries that come or go elsewhere do not
      // shift a page; `until` ends a page at the entry its cursor names, inclusive.
      const from = search.cursor ?? null;
      const until = search.until ?? null;
      const within = found.filter(
        (entry) =>
          (from === null || isAfter(search.sort, entry, from)) &&
          (until === null || !isAfter(search.sort, entry, until)),
      );
      const limit = search.limit ?? 100;
      const page = within.slice(0, limit);
      const last = page.at(-1);
      return ok({
        entries: page,
        nextCursor: within.length > limit && last !== undefined ? cursorOf(last) : null,
        total: found.length,
        queryProblems: parseQuery(search.query).problems,
      });
    },
    'library.putPoster': (args) => {
      const { entryId } = args as { entryId: number };
      state.entries = state.entries.map((entry) =>
        entry.entryId === entryId ? { ...entry, thumb: 'ready' } : entry,
      );
      return ok({ stored: true });
    },
    'library.facets': (args) => {
      const found = state.entries.filter((entry) => matches(entry, args as Filter));
      return ok({
        types: counts(found.map((entry) => entry.type)),
        sources: counts(found.map((entry) => entry.source)),
        profiles: counts(found.map((entry) => entry.profileId)),
        batches: counts(found.flatMap((entry) => (entry.batch ? [entry.batch.id] : []))),
        ratings: counts(found.map((entry) => String(entry.rating))),
        tags: counts(found.flatMap((entry) => entry.tags)),
        kept: found.filter((entry) => entry.keep === 'kept').length,
        expiringSoon: found.filter((entry) => entry.expiringSoon).length,
      });
    },
    'library.get': (args) => {
      const entry = state.entries.find((e) => e.entryId === (args as { entryId: number }).entryId);
      if (entry === undefined) return { ok: false, error: { code: 'not_found', message: 'No such entry.' } };
      return ok({
        ...entry,
        negatives: ['blurry'],
        prompts: [entry.prompt ?? ''],
        scheduler: 'karras',
        credits: entry.source === 'router' ? 4.5 : null,
        denoise: 1,
        models: [entry.model ?? ''],
        loras: [],
        labels: {},
        strings: [{ at: '6.text', nodeClass: 'CLIPTextEncode', value: entry.prompt ?? '' }],
        terminalAt: entry.createdAt,
        keptAt: null,
      });
    },
    'library.rate': (args) => update(args, () => ({ rating: (args as { rating: number }).rating })),
    'library.reject': (args) => update(args, () => ({ rejected: (args as { rejected: boolean }).rejected })),
    'library.tag': (args) => {
      const { add = [], remove = [] } = args as { add?: string[]; remove?: string[] };
      return update(args, (entry) => ({
        tags: [...new Set([...entry.tags, ...add])].filter((tag) => !remove.includes(tag)),
      }));
    },
    'library.tags': () => ok({ tags: counts(state.entries.flatMap((entry) => entry.tags)) }),
    'library.collections': () => ok({ collections: state.collections }),
    'library.saveCollection': (args) => {
      const {
        name,
        filter,
        sort = 'newest',
      } = args as Pick<LibraryCollection, 'name' | 'filter'> & {
        sort?: LibraryCollection['sort'];
      };
      const saved = {
        id: `c${state.collections.length + 1}`,
        name,
        filter,
        sort,
        createdAt: '2025-02-01T00:00:00Z',
      };
      state.collections = [...state.collections, saved];
      return ok(saved);
    },
    'library.deleteCollection': (args) => {
      const before = state.collections.length;
      state.collections = state.collections.filter((c) => c.id !== (args as { id: string }).id);
      return ok({ deleted: state.collections.length < before });
    },
    'library.keep': (args) => keepIds(byIds(args)),
    'library.keepMatching': (args) =>
      keepIds(state.entries.filter((entry) => matches(entry, args as Filter))),
    'library.unkeep': (args) => update(args, () => ({ keep: 'none' })),
    'library.keepStatus': () => ok(keepStatus()),
    'library.setBudget': (args) => {
      state.budgetBytes = (args as { budgetBytes: number | null }).budgetBytes;
      return ok(keepStatus());
    },
    'library.keepRule': (args) =>
      ok({ rule: state.rules[(args as { profileId: string }).profileId] ?? 'starred' }),
    'library.setKeepRule': (args) => {
      const { profileId, rule } = args as { profileId: string; rule: KeepRule };
      state.rules[profileId] = rule;
      return ok({ rule });
    },
    'library.export': () => state.exportAnswer,
    'library.dragOut': () => ok({ started: false }),
  };
  return state;
}

export function resetLibraryState(): void {
  resetLibraryUi();
  useLibraryNotice.setState({ notice: null });
}
