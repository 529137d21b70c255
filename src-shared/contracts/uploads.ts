// uploads.*: hash-first uploads of local files and folders, with dedup, progress, cancel and retry.
// A caller never names a file (ARCHITECTURE rule 10). Main reads only files the user chose, each through an
// opaque, single-use, expiring grant that a user action minted: main's own open dialog (`uploads.pickFiles`)
// or, in Electron, a real drop (the preload mints those from a trusted drop event; see `bridgeContract`).
// The browser shell mints no grants at all: its page hashes files itself (blake3-wasm in a Web Worker) and
// sends their bytes through `uploads.prepareBytes` and `uploads.retryBytes` below; such files carry the path
// inside what was dropped where `path` would be.
import { z } from 'zod';
import { call, noArgs, scopedCall, scopedStream } from '../contractKit';
import { ERROR_CODES } from '../errorCodes';
import { MAX_FILES_PER_UPLOAD } from '../limits';

/** POSIX `/…`, Windows `C:\…` or `C:/…`, or UNC `\\server\share`. Main re-checks with node:path. */
const absolutePathPattern = /^(\/|[A-Za-z]:[\\/]|\\\\[^\\])/;

/** A local path, as only the preload's drop bridge may hand it to main (never a contract call). */
export const uploadPathSchema = z
  .string()
  .min(1)
  .max(4096)
  .regex(absolutePathPattern, 'Only absolute file paths can be uploaded.')
  .refine((path) => !path.includes('\0'), 'A path cannot contain NUL.');

/** 32 random bytes, base64url: names a file main may read once, for the window that minted it. */
export const fileGrantIdSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'not a file grant');

export const fileGrantSchema = z.object({
  grant: fileGrantIdSchema,
  /** The file or folder's own name, to show; never its path. */
  name: z.string(),
  kind: z.enum(['file', 'folder']),
});
export type FileGrant = z.infer<typeof fileGrantSchema>;

export const fileGrantListSchema = z.object({ grants: z.array(fileGrantSchema) });
export type FileGrantList = z.infer<typeof fileGrantListSchema>;

const uploadIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'not an upload id');

/** Printable text only: these go into form fields and JSON bodies exactly as typed. */
function noControlCharacters(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

export const uploadOptionsSchema = z.strictObject({
  /** Placement folder on the service; each file's `file_path` is this plus its path inside what was dropped. */
  filePath: z.string().min(1).max(1024).refine(noControlCharacters, 'No control characters.').optional(),
  tags: z
    .array(z.string().min(1).max(64).refine(noControlCharacters, 'No control characters.'))
    .max(32)
    .optional(),
  /** Seconds until the service may delete the assets (60 s to 7 days; spec, Limits). */
  expiresIn: z.number().int().min(60).max(604_800).optional(),
});
export type UploadOptions = z.infer<typeof uploadOptionsSchema>;

export const uploadsStartArgsSchema = z.strictObject({
  /** From uploads.pickFiles or a real drop; each is used up by this call. */
  grants: z.array(fileGrantIdSchema).min(1).max(MAX_FILES_PER_UPLOAD),
  options: uploadOptionsSchema.optional(),
});
export type UploadsStartArgs = z.input<typeof uploadsStartArgsSchema>;

/** Where one file is in its pipeline: hashed, looked up by hash, then sent (bytes or a from-hash mint). */
export const UPLOAD_FILE_STATES = ['queued', 'hashing', 'checking', 'sending', 'done'] as const;
export const uploadFileStateSchema = z.enum(UPLOAD_FILE_STATES);
export type UploadFileState = z.infer<typeof uploadFileStateSchema>;

export const uploadOutcomeSchema = z.discriminatedUnion('kind', [
  /** The service already held these bytes: a new asset was minted over them, zero file bytes sent. */
  z.object({ kind: z.literal('deduplicated'), assetId: z.string(), bytesNotSent: z.number().int() }),
  /** The bytes were sent. `createdNew` false: they matched a blob the service already had. */
  z.object({ kind: z.literal('uploaded'), assetId: z.string(), createdNew: z.boolean().nullable() }),
  /** Over the single-request limit and not already on the service: nothing was sent. */
  z.object({ kind: z.literal('refused-too-large'), limitBytes: z.number().int(), message: z.string() }),
  z.object({
    kind: z.literal('failed'),
    code: z.string(),
    message: z.string(),
    /** The bytes read were not the bytes hashed (file changed, or the disk returned different data). */
    corruption: z.boolean(),
    /** The request may have created an asset; a retry checks by hash before sending anything again. */
    outcomeUnknown: z.boolean(),
  }),
  z.object({ kind: z.literal('canceled'), message: z.string() }),
]);
export type UploadOutcome = z.infer<typeof uploadOutcomeSchema>;

/** A `failed` outcome's code for a file that was in flight when Loupe last stopped; Retry resumes it. */
export const UPLOAD_INTERRUPTED_CODE = ERROR_CODES.uploadInterrupted;
/** The same for a page-dropped file: the page's copy is gone, so only dropping it again finishes it. */
export const UPLOAD_INTERRUPTED_PAGE_FILE_CODE = ERROR_CODES.uploadInterruptedPageFile;

/** Either of the two: the file was in flight when Loupe last stopped. */
export function isInterruptedUploadCode(code: string): boolean {
  return code === UPLOAD_INTERRUPTED_CODE || code === UPLOAD_INTERRUPTED_PAGE_FILE_CODE;
}

export const uploadFileSchema = z.object({
  fileId: z.string(),
  /** Absolute local path. */
  path: z.string(),
  /** Path inside what was dropped, with `/` separators (the file's name for a dropped file). */
  relativePath: z.string(),
  size: z.number().int().nonnegative(),
  state: uploadFileStateSchema,
  bytesHashed: z.number().int().nonnegative(),
  bytesSent: z.number().int().nonnegative(),
  /** `blake3:<hex>` once hashed. */
  hash: z.string().nullable(),
  outcome: uploadOutcomeSchema.nullable(),
});
export type UploadFile = z.infer<typeof uploadFileSchema>;

export const uploadSkippedSchema = z.object({
  path: z.string(),
  reason: z.enum(['symlink', 'special', 'unreadable', 'missing', 'too-many-files']),
  message: z.string(),
});
export type UploadSkipped = z.infer<typeof uploadSkippedSchema>;

export const uploadSummarySchema = z.object({
  files: z.number().int().nonnegative(),
  finished: z.number().int().nonnegative(),
  deduplicated: z.number().int().nonnegative(),
  uploaded: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  canceled: z.number().int().nonnegative(),
  bytesTotal: z.number().int().nonnegative(),
  bytesHashed: z.number().int().nonnegative(),
  bytesSent: z.number().int().nonnegative(),
  /** Bytes of deduplicated files: what hashing first saved. */
  bytesNotSent: z.number().int().nonnegative(),
  /** "5 files, 3 already on the server, 412 MB not sent". */
  text: z.string(),
});
export type UploadSummary = z.infer<typeof uploadSummarySchema>;

export const uploadBatchSchema = z.object({
  batchId: z.string(),
  profileId: z.string(),
  createdAt: z.string(),
  options: uploadOptionsSchema,
  files: z.array(uploadFileSchema),
  skipped: z.array(uploadSkippedSchema),
  summary: uploadSummarySchema,
  /** No file is queued or in progress (a retry makes it false again). */
  finished: z.boolean(),
});
export type UploadBatch = z.infer<typeof uploadBatchSchema>;

/** The first event is the whole batch; later ones carry only the files that changed, and the summary. */
export const uploadProgressEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), batch: uploadBatchSchema }),
  z.object({
    type: z.literal('update'),
    batchId: z.string(),
    files: z.array(uploadFileSchema),
    summary: uploadSummarySchema,
    finished: z.boolean(),
  }),
]);
export type UploadProgressEvent = z.infer<typeof uploadProgressEventSchema>;

// ---- Uploads without a path: the page hashes (blake3-wasm in a Web Worker), main dedups and forwards. ----
// A page has no file paths, so it names each file by what it knows (name, size, the blake3 it computed, its
// path inside what was dropped). Main asks the service by hash itself: bytes it already holds become an asset
// with zero bytes sent; the others get a one-time address on the page's own origin (the browser shell's host,
// or Electron's loupe-app://app) to which the page streams the file. Progress and outcomes flow through `uploads.progress` like any other batch.

/** The same placement check the service applies to `file_path`: relative, `/`-separated, no `..`. */
const relativeFilePathSchema = z
  .string()
  .min(1)
  .max(1024)
  .refine(noControlCharacters, 'No control characters.')
  .refine(
    (path) => !path.startsWith('/') && !path.split('/').some((part) => part === '' || part === '..'),
    'A relative path with no empty or `..` segment.',
  );

export const blake3HashSchema = z.string().regex(/^blake3:[0-9a-f]{64}$/, 'not a blake3:<hex> hash');

export const bytesFileSchema = z.strictObject({
  name: z.string().min(1).max(255).refine(noControlCharacters, 'No control characters.'),
  size: z.number().int().nonnegative(),
  /** `blake3:<hex>`, lower case, computed by the page over exactly `size` bytes. */
  hash: blake3HashSchema,
  /** The browser's idea of the type (File.type); empty means unknown. */
  contentType: z.string().max(255).refine(noControlCharacters, 'No control characters.'),
  /** Path inside what was dropped (`album/a.png`), or the file's name for a file dropped by itself. */
  relativePath: relativeFilePathSchema,
});
export type BytesFile = z.infer<typeof bytesFileSchema>;

export const uploadsPrepareBytesArgsSchema = z.strictObject({
  files: z.array(bytesFileSchema).min(1).max(MAX_FILES_PER_UPLOAD),
  options: uploadOptionsSchema.optional(),
});
export type UploadsPrepareBytesArgs = z.input<typeof uploadsPrepareBytesArgsSchema>;

/**
 * What the page does with one file. `send`: PUT exactly the file's bytes to `sendUrl` (a path on this host).
 * `deduplicated`: nothing; main mints the asset from the hash (the outcome arrives on uploads.progress).
 * `refused-too-large`: nothing; over the single-request limit and not already on the service. `failed`: the
 * check itself failed (the file's outcome says why); `uploads.retryBytes` tries again.
 */
export const BYTES_ACTIONS = ['send', 'deduplicated', 'refused-too-large', 'failed'] as const;
export const bytesActionSchema = z.enum(BYTES_ACTIONS);
export type BytesAction = z.infer<typeof bytesActionSchema>;

export const bytesPlanSchema = z.object({
  fileId: z.string(),
  action: bytesActionSchema,
  /** Only with `send`: where to PUT the bytes (same origin as the page; valid for this launch). */
  sendUrl: z.string().nullable(),
});
export type BytesPlan = z.infer<typeof bytesPlanSchema>;

export const uploadsContract = {
  /**
   * Opens main's own file dialog and answers with a grant per chosen file or folder (none when the user
   * canceled). `not_available` where the host has no dialog (the browser shell: its page picks and sends bytes).
   */
  'uploads.pickFiles': call(z.strictObject({ kind: z.enum(['files', 'folder']) }), fileGrantListSchema),
  /** Redeems the grants, expands folders, then hashes and uploads every file to the active profile's service. */
  'uploads.start': scopedCall(uploadsStartArgsSchema, z.object({ batchId: z.string() })),
  /** Cancels one file, or every unfinished file of the batch. */
  'uploads.cancel': scopedCall(
    z.strictObject({ batchId: uploadIdSchema, fileId: uploadIdSchema.optional() }),
    z.object({ canceled: z.number().int().nonnegative() }),
  ),
  /** Runs a failed, canceled or refused file again (hashed again; a new Idempotency-Key if bytes go out). */
  'uploads.retry': scopedCall(
    z.strictObject({ batchId: uploadIdSchema, fileId: uploadIdSchema }),
    z.object({}),
  ),
  /**
   * Recent batches of this session, newest first, with each file's state. Uploads Loupe was in the middle of
   * when it last stopped come back here as finished batches whose files failed with code `interrupted`
   * (Retry resumes it: it was read from disk) or `interrupted_page_file` (it must be dropped again).
   */
  'uploads.list': scopedCall(noArgs, z.object({ batches: z.array(uploadBatchSchema) })),
  /** Dismisses a batch's interrupted files: they are settled on disk and not offered again at next start. */
  'uploads.forget': scopedCall(
    z.strictObject({ batchId: uploadIdSchema }),
    z.object({ forgotten: z.number().int().nonnegative() }),
  ),
  'uploads.progress': scopedStream(z.strictObject({ batchId: uploadIdSchema }), uploadProgressEventSchema),
  /** Starts a batch of page-hashed files: checks each by hash, mints the known ones, plans the rest. */
  'uploads.prepareBytes': scopedCall(
    uploadsPrepareBytesArgsSchema,
    /** `files` in the order they were given. */
    z.object({ batchId: z.string(), files: z.array(bytesPlanSchema) }),
  ),
  /**
   * Runs a failed, canceled or refused page-hashed file again: the page hashed it again (`hash`, `size`), main
   * checks by hash again and answers with the new plan (a new send address when bytes must go).
   */
  'uploads.retryBytes': scopedCall(
    z.strictObject({
      batchId: uploadIdSchema,
      fileId: uploadIdSchema,
      size: z.number().int().nonnegative(),
      hash: blake3HashSchema,
    }),
    bytesPlanSchema,
  ),
} as const;

/**
 * Calls only the Electron preload makes, on channels of their own; they are not part of `window.loupe`, so a
 * page (even a compromised one) cannot make them. `files.grantDropped`: the preload saw a trusted drop
 * (`event.isTrusted`) of files with real paths (webUtils.getPathForFile gives none for a File built by
 * script) and asks main to mint a grant for each.
 */
export const bridgeContract = {
  'files.grantDropped': call(
    z.strictObject({ paths: z.array(uploadPathSchema).min(1).max(MAX_FILES_PER_UPLOAD) }),
    fileGrantListSchema,
  ),
} as const;
export type BridgeCallName = keyof typeof bridgeContract;
export const bridgeCallNames = Object.keys(bridgeContract) as BridgeCallName[];
