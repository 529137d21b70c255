// The disk cache's index: which files it holds, how big, of what type, when each was last used (for LRU),
// and which (profile, asset) pairs name which file. Persisted as one JSON file written atomically (temp file,
// then rename), and read back through a zod schema: a damaged or foreign index is dropped, never trusted, so
// the worst a bad file costs is a cold cache.
import { randomBytes } from 'node:crypto';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { z } from 'zod';

/** File names of cache entries: `b3-<blake3 hex>` (content-addressed) or `id-<sha256 of profile+asset>`. */
export const entryKeySchema = z.string().regex(/^(b3|id)-[0-9a-f]{64}$/);

const entrySchema = z.object({
  size: z.number().int().nonnegative(),
  contentType: z.string().max(200),
  lastUsedMs: z.number().nonnegative(),
  storedAtMs: z.number().nonnegative(),
});
export type CacheEntry = z.infer<typeof entrySchema>;

const indexSchema = z.object({
  version: z.literal(1),
  entries: z.record(entryKeySchema, entrySchema),
  /** `<profileId>\n<assetId>` → entry key. */
  aliases: z.record(z.string().max(512), entryKeySchema),
});
export type CacheIndexData = z.infer<typeof indexSchema>;

export const INDEX_FILE = 'index.json';

/** The index on disk, or null when it is missing, unreadable or not the shape this build writes. */
export async function readIndex(path: string): Promise<CacheIndexData | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return null;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = indexSchema.safeParse(raw);
  if (!parsed.success) return null;
  // Aliases must point at entries that exist; a stray one is dropped rather than followed.
  const aliases = Object.fromEntries(
    Object.entries(parsed.data.aliases).filter(([, key]) => key in parsed.data.entries),
  );
  return { ...parsed.data, aliases };
}

/** Writes the whole index to a temp file and renames it over the old one: a reader never sees half. */
export async function writeIndex(path: string, index: CacheIndexData): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, JSON.stringify(index), { encoding: 'utf8', mode: 0o600 });
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
