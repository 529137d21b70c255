// The library's entries (one per output of every job Loupe has seen) and their search words in library_fts.
// An entry is made or refreshed with what indexing read; what the user or the keeper set on it (rating,
// reject, tags, keep and thumbnail state) is never touched by a refresh. library_fts is contentless, so an
// entry's words are deleted and written again whole whenever they change.
import { z } from 'zod';
import {
  entrySelectColumns,
  ftsColumnsOf,
  libraryEntryDbRow,
  type FtsColumns,
  type LibraryEntryInput,
  type LibraryEntryRow,
} from './libraryRow';
import { parseOptionalRow, parseRows, toJson, type RowsRead } from './rowCodec';
import { prepare, writeTransaction, type Db, type SqlValue } from './sqlite';

/** Bounds on what one entry keeps, whatever its workflow held (workflowFacts bounds the reading itself). */
const MAX_FACT_STRINGS = 120;
const MAX_FACT_CHARS = 2_000;
const MAX_TITLE_CHARS = 200;

const idRow = z.object({ entry_id: z.number().int().positive() });
const countRow = z.object({ n: z.number().int().nonnegative() });

function clip(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max);
}

/** The entry's facts as kept: a workflow of 400 long strings does not make every output carry them all. */
function boundedFacts(entry: LibraryEntryInput): LibraryEntryInput {
  const facts = entry.facts;
  return {
    ...entry,
    title: clip(entry.title, MAX_TITLE_CHARS),
    prompt: entry.prompt === null ? null : clip(entry.prompt, MAX_FACT_CHARS),
    facts: {
      ...facts,
      prompts: facts.prompts.slice(0, 8).map((t) => clip(t, MAX_FACT_CHARS)),
      negatives: facts.negatives.slice(0, 8).map((t) => clip(t, MAX_FACT_CHARS)),
      strings: facts.strings
        .slice(0, MAX_FACT_STRINGS)
        .map((s) => ({ ...s, value: clip(s.value, MAX_FACT_CHARS) })),
    },
  };
}

type EntryParams = Record<string, SqlValue>;

function paramsOf(e: LibraryEntryInput, at: string): EntryParams {
  return {
    profile_id: e.profileId,
    source: e.source ?? 'job',
    job_id: e.jobId,
    asset_id: e.assetId,
    name: e.name,
    type: e.type,
    content_type: e.contentType,
    size: e.size,
    hash: e.hash,
    title: e.title,
    created_at: e.createdAt,
    terminal_at: e.terminalAt,
    job_status: e.jobStatus,
    batch_id: e.batchId,
    batch_values: e.batchValues === null ? null : toJson(e.batchValues),
    prompt: e.prompt,
    seed: e.seed,
    steps: e.steps,
    cfg: e.cfg,
    sampler: e.sampler,
    model: e.model,
    width: e.width === null ? null : Math.trunc(e.width),
    height: e.height === null ? null : Math.trunc(e.height),
    facts: toJson(e.facts),
    expires_at: e.expiresAt,
    at,
  };
}

const writtenColumns = [
  'name',
  'type',
  'content_type',
  'size',
  'title',
  'created_at',
  'terminal_at',
  'job_status',
  'batch_id',
  'batch_values',
  'prompt',
  'seed',
  'steps',
  'cfg',
  'sampler',
  'model',
  'width',
  'height',
  'facts',
  'expires_at',
] as const;

export class LibraryEntriesTable {
  private readonly insert;
  private readonly update;
  private readonly selectId;
  private readonly selectOne;
  private readonly ftsDelete;
  private readonly ftsInsert;
  private readonly countNew;
  private readonly selectTags;
  private readonly count;
  private readonly selectTitles;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    this.insert = prepare<EntryParams>(
      db,
      `INSERT INTO library_entries (profile_id, source, job_id, asset_id, hash, indexed_at,
         ${writtenColumns.join(', ')})
       VALUES (:profile_id, :source, :job_id, :asset_id, :hash, :at, ${writtenColumns.map((c) => `:${c}`).join(', ')})`,
    );
    this.update = prepare<EntryParams>(
      db,
      `UPDATE library_entries SET ${writtenColumns.map((c) => `${c} = :${c}`).join(', ')},
         hash = COALESCE(:hash, hash), indexed_at = :at
       WHERE profile_id = :profile_id AND job_id = :job_id AND asset_id = :asset_id`,
    );
    this.selectId = prepare<{ profile_id: string; job_id: string; asset_id: string }>(
      db,
      `SELECT entry_id FROM library_entries
         WHERE profile_id = :profile_id AND job_id = :job_id AND asset_id = :asset_id`,
    );
    this.selectOne = prepare<{ entry_id: number }>(
      db,
      `SELECT ${entrySelectColumns} FROM library_entries e LEFT JOIN profiles p ON p.id = e.profile_id
         WHERE e.entry_id = :entry_id`,
    );
    this.ftsDelete = prepare<{ id: number }>(db, 'DELETE FROM library_fts WHERE rowid = :id');
    this.ftsInsert = prepare<{ id: number } & { [K in keyof FtsColumns]: string }>(
      db,
      `INSERT INTO library_fts (rowid, title, prompts, strings, names, models, labels, tags)
       VALUES (:id, :title, :prompts, :strings, :names, :models, :labels, :tags)`,
    );
    // New entries' share of library_counts: a new entry has no rating, reject or keep yet, so its combination is
    // its type, profile and batch. Counted here, once per combination of a call (a job's outputs share one),
    // rather than by an INSERT trigger, which cost a fifth of indexing's time (measured). Changes to an entry and
    // its removal are counted by triggers (schema.ts, migration 11).
    this.countNew = prepare<{ type: string; profile_id: string; batch_id: string | null; n: number }>(
      db,
      `INSERT INTO library_counts (key, type, profile_id, batch_id, rating, rejected, kept, n)
         VALUES (json_array(:type, :profile_id, :batch_id, 0, 0, 0), :type, :profile_id, :batch_id, 0, 0, 0, :n)
       ON CONFLICT (key) DO UPDATE SET n = n + excluded.n`,
    );
    this.selectTags = prepare<{ entry_id: number }>(
      db,
      'SELECT tag FROM library_tags WHERE entry_id = :entry_id ORDER BY tag',
    );
    this.count = prepare(db, 'SELECT count(*) AS n FROM library_entries');
    this.selectTitles = prepare<{ profile_id: string; ids: string }>(
      db,
      `SELECT job_id, min(title) AS title FROM library_entries
         WHERE profile_id = :profile_id AND job_id IN (SELECT value FROM json_each(:ids)) GROUP BY job_id`,
    );
  }

  /**
   * Makes or refreshes one entry per output, in one transaction (joins the caller's). Returns how many were
   * new and how many refreshed.
   */
  upsertMany(entries: readonly LibraryEntryInput[]): {
    created: number;
    updated: number;
    createdIds: number[];
  } {
    const at = this.now().toISOString();
    return writeTransaction(this.db, () => {
      let created = 0;
      let updated = 0;
      const createdIds: number[] = [];
      const newCounts = new Map<
        string,
        { type: string; profile_id: string; batch_id: string | null; n: number }
      >();
      for (const raw of entries) {
        const entry = boundedFacts(raw);
        const key = { profile_id: entry.profileId, job_id: entry.jobId, asset_id: entry.assetId };
        const existing = this.selectId.get(key);
        const params = paramsOf(entry, at);
        let entryId: number;
        if (existing === undefined) {
          this.insert.run(params);
          entryId = idRow.parse(this.selectId.get(key)).entry_id;
          const combo = { type: entry.type, profile_id: entry.profileId, batch_id: entry.batchId };
          const counted = newCounts.get(JSON.stringify(combo));
          if (counted === undefined) newCounts.set(JSON.stringify(combo), { ...combo, n: 1 });
          else counted.n++;
          createdIds.push(entryId);
          created++;
        } else {
          entryId = idRow.parse(existing).entry_id;
          this.update.run(params);
          this.ftsDelete.run({ id: entryId });
          updated++;
        }
        const tags = existing === undefined ? [] : this.tagsOf(entryId);
        this.ftsInsert.run({ id: entryId, ...ftsColumnsOf(entry, tags) });
      }
      for (const counted of newCounts.values()) this.countNew.run(counted);
      return { created, updated, createdIds };
    });
  }

  /** Writes an entry's search words again from its row (after its tags changed). */
  refreshWords(entryId: number): void {
    const row = this.get(entryId);
    if (row === null) return;
    writeTransaction(this.db, () => {
      this.ftsDelete.run({ id: entryId });
      this.ftsInsert.run({ id: entryId, ...ftsColumnsOf(row, this.tagsOf(entryId)) });
    });
  }

  get(entryId: number): LibraryEntryRow | null {
    return parseOptionalRow(
      'library_entries',
      'entry_id',
      libraryEntryDbRow,
      this.selectOne.get({ entry_id: entryId }),
    );
  }

  tagsOf(entryId: number): string[] {
    return this.selectTags.all({ entry_id: entryId }).flatMap((raw) => {
      const parsed = z.object({ tag: z.string() }).safeParse(raw);
      return parsed.success ? [parsed.data.tag] : [];
    });
  }

  /** Rows by id, in no order (the bulk calls and the tests). */
  many(entryIds: readonly number[]): RowsRead<LibraryEntryRow> {
    const rows: unknown[] = [];
    for (const entryId of entryIds) {
      const raw = this.selectOne.get({ entry_id: entryId });
      if (raw !== undefined) rows.push(raw);
    }
    return parseRows('library_entries', 'entry_id', libraryEntryDbRow, rows);
  }

  /** The title of each job that has entries (a job row is named by what it made). */
  titlesOf(profileId: string, jobIds: readonly string[]): Map<string, string> {
    const titles = new Map<string, string>();
    if (jobIds.length === 0) return titles;
    for (const raw of this.selectTitles.all({ profile_id: profileId, ids: JSON.stringify(jobIds) })) {
      const parsed = z.object({ job_id: z.string(), title: z.string() }).safeParse(raw);
      if (parsed.success) titles.set(parsed.data.job_id, parsed.data.title);
    }
    return titles;
  }

  total(): number {
    return countRow.parse(this.count.get({})).n;
  }
}
