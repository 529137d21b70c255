// The content-addressed disk cache under <dataDir>/cache/assets: repeat views of an asset are served from
// disk without the network. An entry is keyed by the asset's blake3 hash when it is known (the same bytes,
// whichever asset or profile names them, are stored once) and by the asset id otherwise. A size cap is kept by
// evicting the least recently used entries. The index is persisted (cacheIndex.ts); files are written only
// whole (cacheWriter.ts).
import { createHash } from 'node:crypto';
import { mkdir, open, readdir, stat, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { INDEX_FILE, readIndex, writeIndex, type CacheEntry } from './cacheIndex';
import { CacheWriter } from './cacheWriter';

export interface DiskCacheOptions {
  dir: string;
  /** Total bytes the cache may hold. */
  maxBytes: number;
  now: () => number;
  /** How long index changes wait before they are written, so a burst of views costs one write. */
  saveDelayMs?: number;
  logError?: (message: string, error: unknown) => void;
}

/** A cache entry opened for reading; the caller reads a range from it or closes it. */
export interface CachedFile {
  size: number;
  contentType: string;
  handle: FileHandle;
}

export interface WriteTarget {
  profileId: string;
  assetId: string;
  /** `blake3:<hex>` when known: the entry is then content-addressed and verified on commit. */
  hash: string | null;
  expectedSize: number | null;
  contentType: string;
}

const hashPattern = /^blake3:([0-9a-f]{64})$/;

export class AssetDiskCache {
  private readonly entries = new Map<string, CacheEntry>();
  /** `<profileId>\n<assetId>` → entry key. */
  private readonly aliases = new Map<string, string>();
  private totalBytes = 0;
  private lastStamp = 0;
  private loading: Promise<void> | null = null;
  private saveTimer: NodeJS.Timeout | null = null;
  private saving: Promise<void> = Promise.resolve();
  private readonly logError: (message: string, error: unknown) => void;

  constructor(private readonly options: DiskCacheOptions) {
    this.logError = options.logError ?? ((message, error) => console.error(message, error));
  }

  /** Opens the cached bytes of this asset, or null on a miss. Counts as a use for LRU. */
  async open(profileId: string, assetId: string, knownHash: string | null): Promise<CachedFile | null> {
    await this.load();
    const alias = aliasOf(profileId, assetId);
    const key = this.aliases.get(alias) ?? hashKeyOf(knownHash);
    const entry = key === null ? undefined : this.entries.get(key);
    if (key === null || entry === undefined) return null;
    let handle: FileHandle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch {
      // Removed behind our back: forget it and fetch again.
      this.drop(key);
      return null;
    }
    entry.lastUsedMs = this.stamp();
    this.aliases.set(alias, key);
    this.scheduleSave();
    return { size: entry.size, contentType: entry.contentType, handle };
  }

  /** A writer for a whole download of this asset, or null when it could never fit. */
  beginWrite(target: WriteTarget): { writer: CacheWriter; admit: (size: number) => Promise<void> } | null {
    if (target.expectedSize !== null && target.expectedSize > this.options.maxBytes) return null;
    const key = hashKeyOf(target.hash) ?? idKeyOf(target.profileId, target.assetId);
    const match = target.hash === null ? null : hashPattern.exec(target.hash);
    const writer = new CacheWriter({
      finalPath: this.pathOf(key),
      expectedSize: target.expectedSize,
      expectedBlake3Hex: match?.[1] ?? null,
      maxBytes: this.options.maxBytes,
    });
    const admit = async (size: number): Promise<void> => {
      await this.load();
      this.admit(key, size, target.contentType, aliasOf(target.profileId, target.assetId));
    };
    return { writer, admit };
  }

  /** Forgets which entry this asset names (it was deleted); the bytes stay for other assets with the hash. */
  async forget(profileId: string, assetId: string): Promise<void> {
    await this.load();
    if (this.aliases.delete(aliasOf(profileId, assetId))) this.scheduleSave();
  }

  async usage(): Promise<{ bytes: number; entries: number }> {
    await this.load();
    return { bytes: this.totalBytes, entries: this.entries.size };
  }

  /** Writes pending index changes now (on quit, and in tests). */
  async flush(): Promise<void> {
    if (this.saveTimer !== null) {
      clearTimeout(this.saveTimer);
      this.saveTimer = null;
      this.queueSave();
    }
    await this.saving;
  }

  private admit(key: string, size: number, contentType: string, alias: string): void {
    const existing = this.entries.get(key);
    if (existing !== undefined) this.totalBytes -= existing.size;
    const stamp = this.stamp();
    this.entries.set(key, { size, contentType, lastUsedMs: stamp, storedAtMs: stamp });
    this.totalBytes += size;
    this.aliases.set(alias, key);
    this.evictBeyondCap(key);
    this.scheduleSave();
  }

  private evictBeyondCap(keep: string): void {
    if (this.totalBytes <= this.options.maxBytes) return;
    const byAge = [...this.entries].sort(([, a], [, b]) => a.lastUsedMs - b.lastUsedMs);
    for (const [key] of byAge) {
      if (this.totalBytes <= this.options.maxBytes) break;
      if (key !== keep) this.drop(key);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.totalBytes -= entry.size;
    this.entries.delete(key);
    for (const [alias, target] of this.aliases) if (target === key) this.aliases.delete(alias);
    // A reader that already opened the file keeps its handle; unlinking only frees the name.
    void unlink(this.pathOf(key)).catch(() => undefined);
    this.scheduleSave();
  }

  /** Reads the index once, keeping only entries whose file is there with the recorded size. */
  private load(): Promise<void> {
    this.loading ??= (async () => {
      await mkdir(this.options.dir, { recursive: true });
      const stored = await readIndex(join(this.options.dir, INDEX_FILE));
      for (const [key, entry] of Object.entries(stored?.entries ?? {})) {
        const info = await stat(this.pathOf(key)).catch(() => null);
        if (info?.isFile() === true && info.size === entry.size) {
          this.entries.set(key, entry);
          this.totalBytes += entry.size;
          this.lastStamp = Math.max(this.lastStamp, entry.lastUsedMs);
        }
      }
      for (const [alias, key] of Object.entries(stored?.aliases ?? {})) {
        if (this.entries.has(key)) this.aliases.set(alias, key);
      }
      // Temp files of interrupted downloads and files the index does not know are leftovers.
      for (const name of await readdir(this.options.dir)) {
        if (name !== INDEX_FILE && !this.entries.has(name)) {
          await unlink(join(this.options.dir, name)).catch(() => undefined);
        }
      }
      this.evictBeyondCap('');
    })();
    return this.loading;
  }

  private scheduleSave(): void {
    if (this.saveTimer !== null) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.queueSave();
    }, this.options.saveDelayMs ?? 500);
    this.saveTimer.unref();
  }

  private queueSave(): void {
    const snapshot = {
      version: 1 as const,
      entries: Object.fromEntries([...this.entries].map(([key, entry]) => [key, { ...entry }])),
      aliases: Object.fromEntries(this.aliases),
    };
    this.saving = this.saving
      .then(() => writeIndex(join(this.options.dir, INDEX_FILE), snapshot))
      .catch((error: unknown) => this.logError('The asset cache index could not be saved', error));
  }

  /** Strictly increasing use stamps, so LRU order is exact even within one millisecond. */
  private stamp(): number {
    this.lastStamp = Math.max(this.options.now(), this.lastStamp + 1);
    return this.lastStamp;
  }

  private pathOf(key: string): string {
    return join(this.options.dir, key);
  }
}

function aliasOf(profileId: string, assetId: string): string {
  return `${profileId}\n${assetId}`;
}

function hashKeyOf(hash: string | null): string | null {
  const hex = hash === null ? undefined : hashPattern.exec(hash)?.[1];
  return hex === undefined ? null : `b3-${hex}`;
}

function idKeyOf(profileId: string, assetId: string): string {
  // Hashed, so a service-chosen id can never shape a file name.
  return `id-${createHash('sha256').update(aliasOf(profileId, assetId)).digest('hex')}`;
}
