// assets.*: the assets Loupe knows (uploads and outputs), their bytes through the asset route, look-up,
// delete, copy link and the workflow reference. The renderer never receives a credential or a service URL
// here, with one deliberate exception: `assets.copyLink` hands the user a fresh signed URL to paste elsewhere.
// Every call names the profile it works on; the asset route names its profile in the path.
import { z } from 'zod';
import { noArgs, scopedCall } from '../contractKit';

/** Asset ids go into URL paths in main: characters that need no escaping, like job ids. */
export const assetIdArgSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._:-]+$/, 'not an asset id');

/** What `assets.lookup` takes for a hash (the service writes hashes in lower case). */
export const assetLookupHashPattern = /^blake3:[0-9a-fA-F]{64}$/;

/** Where Loupe learned of an asset: it uploaded it, a known job produced it, or the user looked it up. */
export const ASSET_ORIGINS = ['upload', 'output', 'lookup'] as const;
export const assetOriginSchema = z.enum(ASSET_ORIGINS);
export type AssetOrigin = z.infer<typeof assetOriginSchema>;

/** One asset as Loupe knows it. Fields the service has not told Loupe yet are null. */
export const assetSummarySchema = z.object({
  assetId: z.string(),
  /** A name to show: the asset's file path, the output's name, or the uploaded file's name. */
  name: z.string().nullable(),
  /** `blake3:<hex>`; null while the service has not computed it, or Loupe has not been told. */
  hash: z.string().nullable(),
  sizeBytes: z.number().int().nonnegative().nullable(),
  contentType: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** Retention deadline; null means it does not expire, or Loupe does not know it. */
  expiresAt: z.string().nullable(),
  /** The job that produced it (outputs). */
  jobId: z.string().nullable(),
  origins: z.array(assetOriginSchema),
});
export type AssetSummary = z.infer<typeof assetSummarySchema>;

/** An asset just described by the service (or, when it could not be reached, by Loupe's memory). */
export const assetDetailSchema = assetSummarySchema.extend({
  /** 'service': read just now; 'memory': the service could not be reached, this is what Loupe remembers. */
  source: z.enum(['service', 'memory']),
  /** When the service last described it to Loupe. */
  describedAt: z.string().nullable(),
});
export type AssetDetail = z.infer<typeof assetDetailSchema>;

export const assetListArgsSchema = z.strictObject({
  /** Matches ids, hashes (with or without `blake3:`) and names, case-insensitively. */
  search: z.string().max(200).optional(),
  /** Opaque: the previous page's nextCursor, unchanged. */
  cursor: z.string().max(64).nullable().optional(),
  limit: z.number().int().min(1).max(500).optional(),
});
export type AssetListArgs = z.input<typeof assetListArgsSchema>;

export const assetListPageSchema = z.object({
  assets: z.array(assetSummarySchema),
  nextCursor: z.string().nullable(),
  /** How many assets match the search in all. */
  total: z.number().int().nonnegative(),
});
export type AssetListPage = z.infer<typeof assetListPageSchema>;

export const assetLookupArgsSchema = z.strictObject({
  /** An asset id, or a `blake3:<hex>` hash. */
  query: z.string().trim().min(1).max(200),
});

export const assetLookupResultSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('found'), asset: assetDetailSchema }),
  /** A hash the service holds bytes for, but no asset of this profile over them that Loupe knows. */
  z.object({ state: z.literal('blob-only'), hash: z.string(), message: z.string() }),
]);
export type AssetLookupResult = z.infer<typeof assetLookupResultSchema>;

const assetIdArgs = z.strictObject({ assetId: assetIdArgSchema });

export const assetCopyLinkSchema = z.discriminatedUnion('kind', [
  /** A signed URL that opens without credentials until `expiresAt` (null: the service did not say). */
  z.object({ kind: z.literal('signed'), url: z.string(), expiresAt: z.string().nullable() }),
  /** This surface has no shareable links (self-hosted: its content address needs Loupe's access). */
  z.object({ kind: z.literal('none'), message: z.string() }),
]);
export type AssetCopyLink = z.infer<typeof assetCopyLinkSchema>;

export const assetSaveToFolderArgsSchema = z.strictObject({
  assetIds: z.array(assetIdArgSchema).min(1).max(500),
});

export const assetSaveToFolderResultSchema = z.discriminatedUnion('kind', [
  /** Written into `folder` (the path the user chose); `failed` lists the assets that could not be saved. */
  z.object({
    kind: z.literal('saved'),
    saved: z.number().int().nonnegative(),
    folder: z.string(),
    failed: z.array(z.object({ assetId: z.string(), message: z.string() })),
  }),
  /** The user closed the folder picker: nothing was written. */
  z.object({ kind: z.literal('cancelled') }),
  /** This host has no folder picker (the browser shell): the renderer downloads through the page instead. */
  z.object({ kind: z.literal('not_available'), message: z.string() }),
]);
export type AssetSaveToFolderResult = z.infer<typeof assetSaveToFolderResultSchema>;

export const assetsContract = {
  /** The asset URL prefix of this host; the renderer loads `${base}${profileId}/${assetId}`. */
  'assets.base': scopedCall(noArgs, z.object({ base: z.string() })),
  'assets.list': scopedCall(assetListArgsSchema, assetListPageSchema),
  'assets.lookup': scopedCall(assetLookupArgsSchema, assetLookupResultSchema),
  'assets.get': scopedCall(assetIdArgs, assetDetailSchema),
  /** Deletes the asset record. Errors: `asset_in_use` (409), `asset_not_found` (404, also a second delete). */
  'assets.delete': scopedCall(assetIdArgs, z.object({ deleted: z.literal(true) })),
  'assets.copyLink': scopedCall(assetIdArgs, assetCopyLinkSchema),
  /** The `core/ASSET` reference as JSON text, to paste into a workflow where a file name would go. */
  'assets.reference': scopedCall(assetIdArgs, z.object({ text: z.string() })),
  /** Electron: asks for a folder and writes the assets' bytes into it (names made safe, never overwriting). */
  'assets.saveToFolder': scopedCall(assetSaveToFolderArgsSchema, assetSaveToFolderResultSchema),
  /** Electron: starts an OS drag of the asset's file from the calling window (call it from the tile's
   * dragstart); `started: false` when that window has gone. Error `not_available` in the browser shell. */
  'assets.dragOut': scopedCall(assetIdArgs, z.object({ started: z.boolean() })),
} as const;
