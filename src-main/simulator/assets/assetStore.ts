// The in-memory model: content-addressed blobs and owner-scoped asset records over them. It knows nothing about
// HTTP; routes ask it questions in the caller's name. Expired records are dropped lazily when touched, so there
// is no timer to stop and moving the injected clock is enough to expire things in tests.
import { randomUUID } from 'node:crypto';
import { isPast, laterDeadline, type Deadline } from './retention';

export interface StoredBlob {
  /** blake3 hex digest (without the `blake3:` scheme). */
  hex: string;
  bytes: Buffer;
  /** When the published `hash` field stops being null (the service fills it lazily). */
  hashVisibleAtMs: number;
  /** The latest retention any reference has asked for; new references start from here. */
  retainUntil: Deadline;
  assetIds: Set<string>;
  /** Owners who sent these bytes themselves: they may mint from the blob while it exists. */
  ingestedBy: Set<string>;
}

export interface AssetRecord {
  id: string;
  owner: string;
  blobHex: string;
  contentType: string;
  filePath: string | null;
  tags: string[];
  createdAtMs: number;
  expiresAt: Deadline;
  /** Set for job outputs only. */
  jobId: string | null;
  /** The producing job's retention, as the job reports it (job outputs only). */
  jobExpiresAt: string | null;
  /** The platform still needs the record (a job output): DELETE answers 409. */
  inUse: boolean;
}

export interface NewAsset {
  owner: string;
  blob: StoredBlob;
  contentType: string;
  filePath: string | null;
  tags: string[];
  /** The retention this reference asks for; the asset may end up with a later one (spec: dedup hit). */
  requested: Deadline;
  jobId?: string;
  jobExpiresAt?: string;
}

export class AssetStore {
  private readonly blobs = new Map<string, StoredBlob>();
  private readonly assets = new Map<string, AssetRecord>();

  constructor(
    private readonly now: () => number,
    private readonly hashDelayMs: number,
  ) {}

  /** Store bytes under their (already computed) hash, or find the blob that holds them. */
  ingest(owner: string, hex: string, bytes: Buffer): { blob: StoredBlob; createdNew: boolean } {
    const existing = this.blobs.get(hex);
    // Purge expired references first: a blob whose last reference expired is gone, and these bytes are new again.
    if (existing) this.liveAssetsOf(existing);
    if (existing && this.blobs.has(hex)) {
      existing.ingestedBy.add(owner);
      return { blob: existing, createdNew: false };
    }
    const blob: StoredBlob = {
      hex,
      bytes,
      hashVisibleAtMs: this.now() + this.hashDelayMs,
      // Every blob is created together with its first reference, which sets the real value at once.
      retainUntil: 0,
      assetIds: new Set(),
      ingestedBy: new Set([owner]),
    };
    this.blobs.set(hex, blob);
    return { blob, createdNew: true };
  }

  createAsset(input: NewAsset): AssetRecord {
    const { blob } = input;
    blob.retainUntil =
      blob.assetIds.size === 0 ? input.requested : laterDeadline(blob.retainUntil, input.requested);
    const record: AssetRecord = {
      id: randomUUID(),
      owner: input.owner,
      blobHex: blob.hex,
      contentType: input.contentType,
      filePath: input.filePath,
      tags: input.tags,
      createdAtMs: this.now(),
      expiresAt: blob.retainUntil,
      jobId: input.jobId ?? null,
      jobExpiresAt: input.jobExpiresAt ?? null,
      inUse: false,
    };
    this.assets.set(record.id, record);
    blob.assetIds.add(record.id);
    return record;
  }

  /** Re-referencing content extends retention and never shortens it (spec: Asset.expires_at). */
  extendRetention(record: AssetRecord, requested: Deadline): void {
    const blob = this.blobs.get(record.blobHex);
    if (!blob) return;
    blob.retainUntil = laterDeadline(blob.retainUntil, requested);
    record.expiresAt = laterDeadline(record.expiresAt, blob.retainUntil);
  }

  /** A live record, whoever owns it. */
  get(id: string): AssetRecord | undefined {
    const record = this.assets.get(id);
    if (!record) return undefined;
    if (isPast(record.expiresAt, this.now())) {
      this.drop(record);
      return undefined;
    }
    return record;
  }

  /** A live record the owner may see; foreign and expired look the same as unknown (spec: Authentication 7). */
  getOwned(id: string, owner: string): AssetRecord | undefined {
    const record = this.get(id);
    return record && record.owner === owner ? record : undefined;
  }

  blobOf(record: AssetRecord): StoredBlob | undefined {
    return this.blobs.get(record.blobHex);
  }

  /** A blob that still has a live reference, whoever holds it (signed storage URLs name blobs). */
  blobByHex(hex: string): StoredBlob | undefined {
    const blob = this.blobs.get(hex);
    if (blob) this.liveAssetsOf(blob);
    return this.blobs.get(hex);
  }

  /** The blob behind a hash, but only if this owner may mint from it; a miss and a foreign blob look alike. */
  usableBlob(hex: string, owner: string): StoredBlob | undefined {
    const blob = this.blobs.get(hex);
    if (!blob) return undefined;
    const holders = this.liveAssetsOf(blob);
    if (!this.blobs.has(hex)) return undefined; // every reference had expired
    if (blob.ingestedBy.has(owner) || holders.some((record) => record.owner === owner)) return blob;
    return undefined;
  }

  /** An uploaded (not job-output) asset of this owner over this blob with this placement, if any. */
  findReference(owner: string, blob: StoredBlob, filePath: string | null): AssetRecord | undefined {
    return this.liveAssetsOf(blob).find(
      (record) => record.owner === owner && record.jobId === null && record.filePath === filePath,
    );
  }

  /** What a new reference over existing bytes is served as: the owner's own label first, then anyone's. */
  contentTypeOf(blob: StoredBlob, owner: string): string {
    const holders = this.liveAssetsOf(blob);
    const chosen = holders.find((record) => record.owner === owner) ?? holders[0];
    return chosen?.contentType ?? 'application/octet-stream';
  }

  delete(record: AssetRecord): void {
    this.drop(record);
  }

  counts(): { assets: number; blobs: number } {
    for (const record of [...this.assets.values()]) this.get(record.id);
    return { assets: this.assets.size, blobs: this.blobs.size };
  }

  clear(): void {
    this.blobs.clear();
    this.assets.clear();
  }

  private liveAssetsOf(blob: StoredBlob): AssetRecord[] {
    const live: AssetRecord[] = [];
    for (const id of [...blob.assetIds]) {
      const record = this.get(id);
      if (record) live.push(record);
    }
    return live;
  }

  /** Remove a record; the shared blob goes with its last reference (spec: DELETE keeps shared blobs). */
  private drop(record: AssetRecord): void {
    this.assets.delete(record.id);
    const blob = this.blobs.get(record.blobHex);
    if (!blob) return;
    blob.assetIds.delete(record.id);
    if (blob.assetIds.size === 0) this.blobs.delete(blob.hex);
  }
}
