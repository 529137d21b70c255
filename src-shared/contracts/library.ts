// library.*: every output of every job Loupe has seen, on every profile (issue 21). The library spans profiles,
// so its calls are not scoped to one: an entry is named by its own id, and a search may filter by profile.
// Ratings, tags and collections live in Loupe's store only and are never sent to the service. Keeping copies an
// entry's original bytes into Loupe's content-addressed library folder, so it outlives the service's retention.
import { z } from 'zod';
import { call, noArgs, profileRefSchema, scopedCall, stream } from '../contractKit';
import { assetIdArgSchema } from './assets';

/** An entry's id: the store's row id, opaque to the renderer. */
export const libraryEntryIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** How many entries one bulk call may name (a "select all" over more goes through `*Matching` calls). */
export const LIBRARY_BULK_MAX = 10_000;
const entryIdsSchema = z.array(libraryEntryIdSchema).min(1).max(LIBRARY_BULK_MAX);

export const LIBRARY_SORTS = ['newest', 'oldest', 'rating'] as const;
export const librarySortSchema = z.enum(LIBRARY_SORTS);
export type LibrarySort = z.infer<typeof librarySortSchema>;

/** A free tag: words, digits and a few joiners; case is kept, matching ignores it. */
export const libraryTagSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _.-]*$/u, 'a tag is letters, digits, spaces, _ . or -');

/** Where an entry came from: a job's output, a Router run's saved medium, or a file Loupe uploaded. */
export const LIBRARY_SOURCES = ['job', 'router', 'upload'] as const;
export const librarySourceSchema = z.enum(LIBRARY_SOURCES);
export type LibrarySource = z.infer<typeof librarySourceSchema>;

const isoDateSchema = z.iso.datetime({ offset: true });

/**
 * What to look for. `query` is the search box as typed: words and prefixes (`light*`, or any last word while
 * typing) over prompts, names, models and labels, plus field filters (`seed:42`, `cfg:7`, `steps:>=20`,
 * `model:sdxl`, `sampler:euler`, `rating:>=4`, `kept:yes`, `type:image`, `tag:keeper`, `batch:Lighthouse`).
 * The other fields are the facets picked beside it; both narrow the result.
 */
export const libraryFilterSchema = z.strictObject({
  query: z.string().max(500).optional(),
  profileIds: z.array(profileRefSchema).max(100).optional(),
  types: z.array(z.string().min(1).max(40)).max(20).optional(),
  sources: z.array(librarySourceSchema).max(LIBRARY_SOURCES.length).optional(),
  batchId: z.string().min(1).max(200).optional(),
  /** Entries made at or after `from` and before `to`. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  minRating: z.number().int().min(1).max(5).optional(),
  tags: z.array(libraryTagSchema).max(20).optional(),
  kept: z.boolean().optional(),
  /** Only entries not kept whose service copy goes within three days (the "expiring soon" facet). */
  expiringSoon: z.boolean().optional(),
  /** Rejected entries are hidden unless asked for. */
  rejected: z.enum(['hide', 'only', 'include']).optional(),
});
export type LibraryFilter = z.input<typeof libraryFilterSchema>;

export const librarySearchArgsSchema = libraryFilterSchema.extend({
  sort: librarySortSchema.optional(),
  /** Opaque: the previous page's nextCursor, unchanged. */
  cursor: z.string().max(200).nullable().optional(),
  /**
   * Opaque: a later page's cursor, unchanged. The page ends at that entry, inclusive, so a page read again
   * covers what it covered (the window refreshes one page without reading the ones before it).
   */
  until: z.string().max(200).nullable().optional(),
  limit: z.number().int().min(1).max(1_000).optional(),
});
export type LibrarySearchArgs = z.input<typeof librarySearchArgsSchema>;

export const LIBRARY_KEEP_STATES = ['none', 'queued', 'kept', 'failed'] as const;
export const libraryKeepStateSchema = z.enum(LIBRARY_KEEP_STATES);
export type LibraryKeepState = z.infer<typeof libraryKeepStateSchema>;

export const LIBRARY_THUMB_STATES = ['none', 'ready', 'failed'] as const;

/** One output as the library knows it: what made it, how the user rated it, whether its bytes are kept. */
export const libraryEntrySchema = z.object({
  entryId: libraryEntryIdSchema,
  profileId: z.string(),
  profileName: z.string(),
  source: librarySourceSchema,
  /** The job (source `job`), the Router run (`router`) or the upload (`upload`) that made it. */
  jobId: z.string(),
  assetId: z.string(),
  /** What it shows as: the first prompt words, or the batch name and its values; the file name at worst. */
  title: z.string(),
  /** The output's file name. */
  name: z.string(),
  /** `image`, `video`, `audio`, … as the service said. */
  type: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  /** `blake3:<hex>`, or null while unknown. */
  hash: z.string().nullable(),
  /** When the job was made (falls back to when Loupe first saw it). */
  createdAt: z.string(),
  jobStatus: z.string(),
  batch: z.object({ id: z.string(), name: z.string(), values: z.record(z.string(), z.string()) }).nullable(),
  prompt: z.string().nullable(),
  seed: z.number().nullable(),
  steps: z.number().nullable(),
  cfg: z.number().nullable(),
  sampler: z.string().nullable(),
  model: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** 0 when not rated. */
  rating: z.number().int().min(0).max(5),
  rejected: z.boolean(),
  tags: z.array(z.string()),
  keep: libraryKeepStateSchema,
  /** Why keeping failed, in words. */
  keepMessage: z.string().nullable(),
  /** When the service's copy goes (null: never, or not known). */
  expiresAt: z.string().nullable(),
  /** Not kept, and the service's copy goes within three days. */
  expiringSoon: z.boolean(),
  thumb: z.enum(LIBRARY_THUMB_STATES),
  /** Why no thumbnail could be made, in words. */
  thumbMessage: z.string().nullable(),
});
export type LibraryEntry = z.infer<typeof libraryEntrySchema>;

export const librarySearchPageSchema = z.object({
  entries: z.array(libraryEntrySchema),
  nextCursor: z.string().nullable(),
  /** How many entries match in all. */
  total: z.number().int().nonnegative(),
  /** The total stopped counting (at 10,000): at least `total` match. Absent when the total is exact. */
  totalIsLowerBound: z.boolean().optional(),
  /** A filter in the query that was not understood, in words (the rest of the query still applies). */
  queryProblems: z.array(z.string()),
});
export type LibrarySearchPage = z.infer<typeof librarySearchPageSchema>;

const facetCountSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type LibraryFacetCount = z.infer<typeof facetCountSchema>;

/** Counts for the facets beside the grid, under the same filter (each facet ignores its own pick). */
export const libraryFacetsSchema = z.object({
  types: z.array(facetCountSchema),
  sources: z.array(facetCountSchema),
  profiles: z.array(facetCountSchema),
  batches: z.array(facetCountSchema),
  ratings: z.array(facetCountSchema),
  tags: z.array(facetCountSchema),
  kept: z.number().int().nonnegative(),
  expiringSoon: z.number().int().nonnegative(),
});
export type LibraryFacets = z.infer<typeof libraryFacetsSchema>;

/** One entry with everything its workflow said (the lightbox's side panel). */
export const libraryEntryDetailSchema = libraryEntrySchema.extend({
  negatives: z.array(z.string()),
  prompts: z.array(z.string()),
  scheduler: z.string().nullable(),
  denoise: z.number().nullable(),
  models: z.array(z.string()),
  loras: z.array(z.string()),
  labels: z.record(z.string(), z.string()),
  /** Every string input of every node, `NODE.INPUT` with its class. */
  strings: z.array(z.object({ at: z.string(), nodeClass: z.string(), value: z.string() })),
  terminalAt: z.string().nullable(),
  keptAt: z.string().nullable(),
  /** What a Router run cost, when its answer said. */
  credits: z.number().nullable(),
});
export type LibraryEntryDetail = z.infer<typeof libraryEntryDetailSchema>;

/** A saved search, shown in the sidebar ("Keepers", "Lighthouse"). */
export const libraryCollectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  filter: libraryFilterSchema,
  sort: librarySortSchema,
  createdAt: z.string(),
});
export type LibraryCollection = z.infer<typeof libraryCollectionSchema>;

export const KEEP_RULES = ['starred', 'everything', 'nothing'] as const;
export const keepRuleSchema = z.enum(KEEP_RULES);
export type KeepRule = z.infer<typeof keepRuleSchema>;

/** How much the library folder holds, against its budget, and what is waiting. */
export const libraryKeepStatusSchema = z.object({
  usedBytes: z.number().int().nonnegative(),
  /** Null: no budget set. */
  budgetBytes: z.number().int().positive().nullable(),
  keptEntries: z.number().int().nonnegative(),
  queued: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  expiringSoon: z.number().int().nonnegative(),
  folder: z.string(),
});
export type LibraryKeepStatus = z.infer<typeof libraryKeepStatusSchema>;

/** What changed, so open screens refetch; `indexed` counts new entries, `backlog` jobs still to read. */
export const libraryChangeSchema = z.object({
  kind: z.enum(['indexed', 'updated', 'kept', 'collections']),
  count: z.number().int().nonnegative(),
  backlog: z.number().int().nonnegative(),
});
export type LibraryChange = z.infer<typeof libraryChangeSchema>;

const exportResultSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('saved'),
    saved: z.number().int().nonnegative(),
    folder: z.string(),
    failed: z.array(z.object({ entryId: libraryEntryIdSchema, message: z.string() })),
  }),
  z.object({ kind: z.literal('cancelled') }),
  z.object({ kind: z.literal('not_available'), message: z.string() }),
]);
export type LibraryExportResult = z.infer<typeof exportResultSchema>;

/**
 * A video's poster frame as the window drew it (WebP, PNG or JPEG; main decodes it, makes it at most 384 px on
 * its long side and WebP, whatever it was sent as). Base64, since a call is JSON: the cap is on the bytes.
 */
export const POSTER_MAX_BYTES = 512 * 1024;
const base64Schema = z
  .string()
  .min(4)
  .max(Math.ceil(POSTER_MAX_BYTES / 3) * 4)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'not base64');

const updatedSchema = z.object({ updated: z.number().int().nonnegative() });

export const libraryContract = {
  'library.search': call(librarySearchArgsSchema, librarySearchPageSchema),
  'library.facets': call(libraryFilterSchema, libraryFacetsSchema),
  'library.get': call(z.strictObject({ entryId: libraryEntryIdSchema }), libraryEntryDetailSchema),
  /**
   * The library entry of one output, named by the profile and asset that hold it (Compare shows outputs by
   * asset and rates them here); null when the library has no entry for it.
   */
  'library.entryOfAsset': scopedCall(
    z.strictObject({ assetId: assetIdArgSchema }),
    z.object({
      entry: z.object({ entryId: libraryEntryIdSchema, rating: z.number().int().min(0).max(5) }).nullable(),
    }),
  ),
  /** 1–5 stars; 0 clears. */
  'library.rate': call(
    z.strictObject({ entryIds: entryIdsSchema, rating: z.number().int().min(0).max(5) }),
    updatedSchema,
  ),
  'library.reject': call(z.strictObject({ entryIds: entryIdsSchema, rejected: z.boolean() }), updatedSchema),
  'library.tag': call(
    z.strictObject({
      entryIds: entryIdsSchema,
      add: z.array(libraryTagSchema).max(20).optional(),
      remove: z.array(libraryTagSchema).max(20).optional(),
    }),
    updatedSchema,
  ),
  'library.tags': call(noArgs, z.object({ tags: z.array(facetCountSchema) })),
  'library.collections': call(noArgs, z.object({ collections: z.array(libraryCollectionSchema) })),
  'library.saveCollection': call(
    z.strictObject({
      name: z.string().trim().min(1).max(80),
      filter: libraryFilterSchema,
      sort: librarySortSchema.optional(),
    }),
    libraryCollectionSchema,
  ),
  'library.deleteCollection': call(
    z.strictObject({ id: z.string().min(1).max(64) }),
    z.object({ deleted: z.boolean() }),
  ),
  /** Copies the entries' original bytes into the library folder (queued; `library.changes` says when done). */
  'library.keep': call(z.strictObject({ entryIds: entryIdsSchema }), z.object({ queued: z.number().int() })),
  /** The same for every entry the filter matches ("keep all that expire soon"). */
  'library.keepMatching': call(libraryFilterSchema, z.object({ queued: z.number().int() })),
  'library.unkeep': call(z.strictObject({ entryIds: entryIdsSchema }), updatedSchema),
  'library.keepStatus': call(noArgs, libraryKeepStatusSchema),
  'library.setBudget': call(
    z.strictObject({
      budgetBytes: z
        .number()
        .int()
        .min(1_000_000)
        .max(2 ** 50)
        .nullable(),
    }),
    libraryKeepStatusSchema,
  ),
  /** The profile's automatic keep rule (default `starred`). */
  'library.keepRule': scopedCall(noArgs, z.object({ rule: keepRuleSchema })),
  'library.setKeepRule': scopedCall(
    z.strictObject({ rule: keepRuleSchema }),
    z.object({ rule: keepRuleSchema }),
  ),
  /** Electron: asks for a folder and writes the entries' originals there with a manifest. */
  'library.export': call(z.strictObject({ entryIds: entryIdsSchema }), exportResultSchema),
  /** Electron: starts an OS drag of the entries' files (kept copy first, else fetched). */
  'library.dragOut': call(
    z.strictObject({ entryIds: entryIdsSchema.max(100) }),
    z.object({ started: z.boolean() }),
  ),
  /** Stores a video entry's poster frame as its thumbnail, once per hash; `stored: false` when it had one. */
  'library.putPoster': call(
    z.strictObject({ entryId: libraryEntryIdSchema, webp: base64Schema }),
    z.object({ stored: z.boolean() }),
  ),
  'library.changes': stream(noArgs, libraryChangeSchema),
} as const;
