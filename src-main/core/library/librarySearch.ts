// library.search, library.facets and library.get: the parsed search box and the picked facets run against the
// store, answered in the contract's shapes. A cursor is the previous page's last sort keys, opaque to the
// window; a cursor that does not read is refused in words, never guessed at.
import { z } from 'zod';
import {
  LIBRARY_KEEP_STATES,
  LIBRARY_THUMB_STATES,
  type LibraryEntry,
  type LibraryEntryDetail,
  type LibraryFacets,
  type LibrarySearchPage,
  type LibrarySort,
} from '../../../src-shared/contracts/library';
import { DomainError } from '../errors';
import type { LoupeStore } from '../store';
import type { LibraryEntryRow } from '../store/libraryRow';
import { upTo, type ExpiringWindow, type SearchKey } from '../store/librarySearchTable';
import { foldFacets, sourcesWithJobs } from './facetFold';
import { EXPIRING_SOON_MS } from './keep/libraryKeep';
import { parseQuery, type ParsedQuery } from './queryParser';
import { whereOf, type FacetName, type FacetPicks, type Where } from './searchWhere';

const DEFAULT_LIMIT = 100;

export interface SearchInput extends FacetPicks {
  query?: string | undefined;
  /** Only entries not kept whose service copy goes within EXPIRING_SOON_MS (the keeper's own window). */
  expiringSoon?: boolean | undefined;
  sort?: LibrarySort | undefined;
  cursor?: string | null | undefined;
  /** A later page's cursor: this page ends there, inclusive (a page read again, as it was bounded). */
  until?: string | null | undefined;
  limit?: number | undefined;
}

const cursorSchema = z.object({
  s: z.enum(['newest', 'oldest', 'rating']),
  r: z.number().int().min(0).max(5),
  at: z.string().max(64),
  id: z.number().int().positive(),
});

function encodeCursor(sort: LibrarySort, row: LibraryEntryRow): string {
  const body = JSON.stringify({ s: sort, r: row.rating, at: row.createdAt, id: row.entryId });
  return Buffer.from(body, 'utf8').toString('base64url');
}

/** A cursor's sort keys; none for none (the top, or no end). */
function keyOf(cursor: string | null | undefined, sort: LibrarySort): SearchKey | null {
  return cursor === undefined || cursor === null ? null : decodeCursor(cursor, sort);
}

function decodeCursor(cursor: string, sort: LibrarySort): SearchKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const read = cursorSchema.safeParse(parsed);
  if (!read.success || read.data.s !== sort) {
    throw new DomainError(
      'invalid_arguments',
      'This page of the library cannot be continued (its cursor is not one Loupe gave for this order). Search again from the top.',
    );
  }
  return { rating: read.data.r, createdAt: read.data.at, entryId: read.data.id };
}

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

export class LibrarySearch {
  constructor(
    private readonly store: LoupeStore,
    private readonly now: () => number = Date.now,
  ) {}

  search(input: SearchInput): LibrarySearchPage {
    const parsed = parseQuery(input.query ?? '');
    const sort = input.sort ?? 'newest';
    const limit = input.limit ?? DEFAULT_LIMIT;
    const key = keyOf(input.cursor, sort);
    const until = keyOf(input.until, sort);
    const where = this.whereFor(parsed, input);
    const search = this.store.library.search;
    // One more than asked: whether there is a next page, without a second query.
    const read = search.page(until === null ? where : upTo(where, sort, until), sort, key, limit + 1);
    const rows = read.rows.slice(0, limit);
    const last = rows.at(-1);
    const tags = search.tagsOf(rows.map((row) => row.entryId));
    const total = search.countUpTo(where);
    return {
      entries: rows.map((row) => this.entryOf(row, tags.get(row.entryId) ?? [])),
      nextCursor: read.rows.length > limit && last !== undefined ? encodeCursor(sort, last) : null,
      total: total.n,
      ...(total.lowerBound ? { totalIsLowerBound: true } : {}),
      queryProblems: parsed.problems,
    };
  }

  /**
   * The facet counts: the combinations of the facet columns among the search's entries, read once and folded
   * (facetFold.ts), each facet ignoring its own pick. A search of nothing but those picks reads them from
   * library_counts (kept as entries change) instead of grouping every entry; its expiring count is then its own
   * query, on the expiry index. Tags join library_tags and keep their own query.
   */
  facets(input: SearchInput): LibraryFacets {
    const parsed = parseQuery(input.query ?? '');
    const search = this.store.library.search;
    const onlyPicks =
      parsed.terms.length === 0 &&
      parsed.filters.length === 0 &&
      input.from === undefined &&
      input.to === undefined &&
      (input.tags ?? []).length === 0 &&
      (input.sources ?? []).length === 0 &&
      input.expiringSoon !== true;
    const folded = onlyPicks
      ? foldFacets(search.everyCombo(), input)
      : foldFacets(search.combosOf(this.pickless(parsed, input), this.expiringWindow()), input);
    return {
      types: folded.types,
      // Where an entry came from is not one of the counted combinations. With no source picked, the facet's own
      // search is the search itself, so its entries from jobs are the fold's total less the others (few, found
      // through a partial index); with one picked, the facet keeps its own query, as tags do.
      sources:
        (input.sources ?? []).length === 0
          ? sourcesWithJobs(search.sourcesBesidesJobs(this.whereFor(parsed, input)), folded.total)
          : search.facet('sources', this.whereFor(parsed, input, 'sources')),
      profiles: folded.profiles,
      batches: folded.batches,
      ratings: folded.ratings,
      tags: search.facet('tags', this.whereFor(parsed, input, 'tags')),
      kept: folded.kept,
      expiringSoon: folded.expiringSoon ?? search.count(this.expiringWhere(this.whereFor(parsed, input))),
    };
  }

  /** The search's conditions without the picks a facet may leave out (the fold applies them per facet). */
  private pickless(parsed: ParsedQuery, input: SearchInput): Where {
    const { types: _types, profileIds: _profiles, batchId: _batch, minRating: _rating, ...rest } = input;
    return this.whereFor(parsed, rest);
  }

  get(entryId: number): LibraryEntryDetail {
    const row = this.store.library.entries.get(entryId);
    if (row === null) {
      throw new DomainError('not_found', `There is no library entry ${entryId}. It may have been removed.`);
    }
    const tags = this.store.library.entries.tagsOf(entryId);
    return {
      ...this.entryOf(row, tags),
      negatives: row.facts.negatives,
      prompts: row.facts.prompts,
      scheduler: row.facts.scheduler,
      denoise: row.facts.denoise,
      models: row.facts.models,
      loras: row.facts.loras,
      labels: row.facts.labels,
      strings: row.facts.strings,
      terminalAt: row.terminalAt,
      keptAt: row.keptAt,
      credits: row.facts.credits ?? null,
    };
  }

  entryOf(row: LibraryEntryRow, tags: string[]): LibraryEntry {
    const keep = oneOf(LIBRARY_KEEP_STATES, row.keepState, 'none');
    const expiresMs = row.expiresAt === null ? Number.NaN : Date.parse(row.expiresAt);
    return {
      entryId: row.entryId,
      profileId: row.profileId,
      profileName: row.profileName,
      source: row.source,
      jobId: row.jobId,
      assetId: row.assetId,
      title: row.title,
      name: row.name,
      type: row.type,
      contentType: row.contentType,
      sizeBytes: row.size,
      hash: row.hash,
      createdAt: row.createdAt,
      jobStatus: row.jobStatus,
      batch:
        row.batchId === null
          ? null
          : { id: row.batchId, name: row.facts.batchName ?? row.batchId, values: row.batchValues ?? {} },
      prompt: row.prompt,
      seed: row.seed,
      steps: row.steps,
      cfg: row.cfg,
      sampler: row.sampler,
      model: row.model,
      width: row.width,
      height: row.height,
      rating: row.rating,
      rejected: row.rejected,
      tags,
      keep,
      keepMessage: row.keepMessage,
      expiresAt: row.expiresAt,
      expiringSoon:
        keep !== 'kept' &&
        Number.isFinite(expiresMs) &&
        expiresMs > this.now() &&
        expiresMs - this.now() <= EXPIRING_SOON_MS,
      thumb: oneOf(LIBRARY_THUMB_STATES, row.thumbState, 'none'),
      thumbMessage: row.thumbMessage,
    };
  }

  /** The search's conditions, narrowed to expiring entries when the "expiring soon" facet is picked. */
  private whereFor(parsed: ParsedQuery, input: SearchInput, except?: FacetName): Where {
    const where = whereOf(parsed, input, except);
    return input.expiringSoon === true ? this.expiringWhere(where) : where;
  }

  /**
   * Not kept, and the service's copy goes after now and within EXPIRING_SOON_MS: the same window as the
   * keeper's count and keepMatching (an entry already gone from the service is not "expiring").
   */
  private expiringWhere(where: Where): Where {
    const window = this.expiringWindow();
    const expiring =
      "e.keep_state <> 'kept' AND e.expires_at IS NOT NULL " +
      'AND e.expires_at > :expiringNow AND e.expires_at <= :expiringSoon';
    return {
      ...where,
      onlyRejected: undefined,
      sql: `(${where.sql}) AND ${expiring}`,
      ...(where.besidesMatch === undefined
        ? {}
        : { besidesMatch: `(${where.besidesMatch}) AND ${expiring}` }),
      params: { ...where.params, expiringNow: window.now, expiringSoon: window.soon },
    };
  }

  private expiringWindow(): ExpiringWindow {
    const now = this.now();
    return { now: new Date(now).toISOString(), soon: new Date(now + EXPIRING_SOON_MS).toISOString() };
  }
}
