// One library entry as the store keeps it: the columns the filters and sorts use, and `facts` (JSON) with
// the rest of what the job's workflow said, for the detail and for rebuilding the entry's search words. Read
// tolerantly: damaged facts read as empty facts, so one bad entry never hides the rest of a search.
import { z } from 'zod';
import { flagColumn, jsonColumn, labelsSchema } from './rowCodec';

/** What the detail shows beyond the columns; bounded when written (libraryEntriesTable.ts). */
export const entryFactsSchema = z.object({
  prompts: z.array(z.string()).catch([]),
  negatives: z.array(z.string()).catch([]),
  scheduler: z.string().nullable().catch(null),
  denoise: z.number().nullable().catch(null),
  models: z.array(z.string()).catch([]),
  loras: z.array(z.string()).catch([]),
  strings: z.array(z.object({ at: z.string(), nodeClass: z.string(), value: z.string() })).catch([]),
  labels: labelsSchema.catch({}),
  batchName: z.string().nullable().catch(null),
  /** A Router run's cost, when its answer said (absent on jobs' outputs and on facts written before). */
  credits: z.number().nullable().optional().catch(null),
});
export type EntryFacts = z.infer<typeof entryFactsSchema>;

export const emptyEntryFacts = (): EntryFacts => ({
  prompts: [],
  negatives: [],
  scheduler: null,
  denoise: null,
  models: [],
  loras: [],
  strings: [],
  labels: {},
  batchName: null,
});

/** Where an entry came from (the column `source`; see schema.ts, migration 11). */
export const ENTRY_SOURCES = ['job', 'router', 'upload'] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];

/** What indexing hands the table for one output. */
export interface LibraryEntryInput {
  /** Absent: a job's output. */
  source?: EntrySource;
  profileId: string;
  jobId: string;
  assetId: string;
  name: string;
  type: string;
  contentType: string;
  size: number;
  hash: string | null;
  title: string;
  createdAt: string;
  terminalAt: string | null;
  jobStatus: string;
  batchId: string | null;
  batchValues: Record<string, string> | null;
  prompt: string | null;
  seed: number | null;
  steps: number | null;
  cfg: number | null;
  sampler: string | null;
  model: string | null;
  width: number | null;
  height: number | null;
  facts: EntryFacts;
  expiresAt: string | null;
}

const finiteOrNull = z.number().nullable().catch(null);

/** Every column but `facts`, which the whole-entry and the page readers select differently. */
const entryColumns = {
  entry_id: z.number().int().positive(),
  profile_id: z.string(),
  profile_name: z.string().nullable().catch(null),
  source: z.enum(ENTRY_SOURCES).catch('job'),
  job_id: z.string(),
  asset_id: z.string(),
  name: z.string(),
  type: z.string(),
  content_type: z.string(),
  size: z.number().catch(0),
  hash: z.string().nullable().catch(null),
  title: z.string(),
  created_at: z.string(),
  terminal_at: z.string().nullable().catch(null),
  job_status: z.string(),
  batch_id: z.string().nullable().catch(null),
  // Nullable before it is JSON: a null is taken at once, not tried against a schema first and failed.
  batch_values: jsonColumn(z.record(z.string(), z.string())).nullable().catch(null),
  prompt: z.string().nullable().catch(null),
  seed: finiteOrNull,
  steps: finiteOrNull,
  cfg: finiteOrNull,
  sampler: z.string().nullable().catch(null),
  model: z.string().nullable().catch(null),
  width: finiteOrNull,
  height: finiteOrNull,
  rating: z.number().int().min(0).max(5).catch(0),
  rejected: flagColumn.catch(false),
  expires_at: z.string().nullable().catch(null),
  keep_state: z.string(),
  keep_message: z.string().nullable().catch(null),
  kept_at: z.string().nullable().catch(null),
  thumb_state: z.string(),
  thumb_message: z.string().nullable().catch(null),
};

/** A row of library_entries read with `facts` parsed by `facts`. */
function entryRowSchema(facts: z.ZodType<EntryFacts>) {
  return z.object({ ...entryColumns, facts }).transform((r) => ({
    entryId: r.entry_id,
    profileId: r.profile_id,
    profileName: r.profile_name ?? r.profile_id,
    source: r.source,
    jobId: r.job_id,
    assetId: r.asset_id,
    name: r.name,
    type: r.type,
    contentType: r.content_type,
    size: Number.isInteger(r.size) && r.size >= 0 ? r.size : 0,
    hash: r.hash,
    title: r.title,
    createdAt: r.created_at,
    terminalAt: r.terminal_at,
    jobStatus: r.job_status,
    batchId: r.batch_id,
    batchValues: r.batch_values,
    prompt: r.prompt,
    seed: r.seed,
    steps: r.steps,
    cfg: r.cfg,
    sampler: r.sampler,
    model: r.model,
    width: r.width,
    height: r.height,
    facts: r.facts,
    rating: r.rating,
    rejected: r.rejected,
    expiresAt: r.expires_at,
    keepState: r.keep_state,
    keepMessage: r.keep_message,
    keptAt: r.kept_at,
    thumbState: r.thumb_state,
    thumbMessage: r.thumb_message,
  }));
}

/** A whole entry (entrySelectColumns). */
export const libraryEntryDbRow = entryRowSchema(jsonColumn(entryFactsSchema).catch(() => emptyEntryFacts()));

export type LibraryEntryRow = z.output<typeof libraryEntryDbRow>;

/** The columns a reading statement selects, `e` being library_entries and `p` profiles (LEFT JOIN), with `facts` as given. */
const entryColumnsWith = (
  facts: string,
): string => `e.entry_id, e.profile_id, p.name AS profile_name, e.source,
  e.job_id, e.asset_id, e.name, e.type, e.content_type, e.size, e.hash, e.title, e.created_at, e.terminal_at,
  e.job_status, e.batch_id, e.batch_values, e.prompt, e.seed, e.steps, e.cfg, e.sampler, e.model, e.width,
  e.height, ${facts}, e.rating, e.rejected, e.expires_at, e.keep_state, e.keep_message, e.kept_at, e.thumb_state,
  e.thumb_message`;

/** The columns a reading statement selects, `e` being library_entries and `p` profiles (LEFT JOIN). */
export const entrySelectColumns = entryColumnsWith('e.facts');

/**
 * The columns of a search page: as entrySelectColumns, but of the facts only the batch's name, which is all a
 * page shows (the whole facts, a few KB with every string input of the workflow, cost a JSON parse and a
 * schema check per row: a third of a page's time). The name is the batch's own (`b`, batches, LEFT JOIN: the
 * one the Batch facet shows); only a batch Loupe has no record of is read from the facts, so SQLite parses
 * no entry's facts on a page of entries from batches it knows or from no batch at all (about 3 of 9 ms of a
 * 100-entry page's statement). Damaged facts read as no name, as they read as empty facts.
 */
export const pageSelectColumns = entryColumnsWith(
  `CASE WHEN e.batch_id IS NULL THEN '{"batchName":null}'
    ELSE json_object('batchName', coalesce(b.name,
      CASE WHEN json_valid(e.facts) THEN json_extract(e.facts, '$.batchName') END)) END AS facts`,
);

/** What a search page's statement reads from, for pageSelectColumns. */
export const pageSelectFrom = `library_entries e LEFT JOIN profiles p ON p.id = e.profile_id
  LEFT JOIN batches b ON b.id = e.batch_id`;

/**
 * A search page's row (pageSelectColumns): its facts hold only the batch's name, the rest read as empty. Not
 * the whole facts schema: each of its absent fields would fail into its `.catch`, eight caught failures a row,
 * and a 200-entry page spent most of its time making and dropping those errors.
 */
const pageFactsSchema = z
  .object({ batchName: z.string().nullable().catch(null) })
  .transform((facts): EntryFacts => ({ ...emptyEntryFacts(), batchName: facts.batchName }));

export const libraryPageDbRow = entryRowSchema(jsonColumn(pageFactsSchema).catch(() => emptyEntryFacts()));

/** The search words of an entry, one text per library_fts column. */
export interface FtsColumns {
  title: string;
  prompts: string;
  strings: string;
  names: string;
  models: string;
  labels: string;
  tags: string;
}

type FtsSource = Pick<
  LibraryEntryInput,
  'title' | 'name' | 'type' | 'sampler' | 'jobId' | 'batchValues' | 'facts'
> & { profileName?: string | null };

/** Built from what the row holds, so a tag change can rebuild an entry's words without its workflow. */
export function ftsColumnsOf(entry: FtsSource, tags: readonly string[]): FtsColumns {
  const facts = entry.facts;
  const values = entry.batchValues === null ? [] : Object.entries(entry.batchValues).flat();
  return {
    title: entry.title,
    prompts: [...facts.prompts, ...facts.negatives].join('\n'),
    strings: facts.strings.map((s) => `${s.at} ${s.nodeClass} ${s.value}`).join('\n'),
    names: [entry.name, entry.type, facts.batchName ?? '', ...values]
      .filter((text) => text !== '')
      .join('\n'),
    models: [...facts.models, ...facts.loras, entry.sampler ?? '', facts.scheduler ?? ''].join('\n'),
    labels: Object.entries(facts.labels).flat().join('\n'),
    tags: tags.join('\n'),
  };
}
