// Library thumbnails, made locally once per blake3 hash: WebP, 384 px on the long side, stored at
// <dataDir>/cache/thumbs/<2 hex>/<hex>.webp (content-addressed and small, so neither the originals' LRU nor a
// bound of its own evicts them). The source bytes come from the kept copy, else the disk cache, else the
// service (fetched once). sharp works on libuv's threads, off the event loop; at most two pictures are made at
// once and two more read ahead. A picture that cannot be made records thumb_state 'failed' with the reason in
// words, for every entry with the hash, and is not tried again. A source that could not be had whole (the
// service broke off, sent more than announced, went silent, or sent other bytes than the hash) or a thumbnail
// that could not be stored (a full disk) is not the picture's fault: it is answered in words and tried again on
// the next ask.
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { Blake3Hasher } from '@napi-rs/blake-hash';
import sharp from 'sharp';
import { thumbKindOf } from '../../../../src-shared/thumbKind';
import type { ThumbAnswer } from '../../content/librarySource';
import type { AssetDiskCache, CachedFile } from '../../content/diskCache';
import { replaceWhole } from '../../content/checkedWrite';
import type { UpstreamFetcher } from '../../content/upstream';
import { isApiError } from '../../api';
import { ProfileError } from '../../profiles';
import { readWholeChecked } from '../../content/checkedDownload';
import type { LoupeStore } from '../../store';
import type { KeepEntry } from '../../store/libraryKeepTable';
import { hexOf } from '../keep/libraryFolder';
import { routerMediumOf } from '../../../../src-shared/libraryAssetIds';
import { Limiter } from './limiter';
import { SourceBuffers } from './sourceBuffers';
import { drawWaveform, WAVE_HEIGHT, WAVE_WIDTH } from './waveform';
import { thumbFailureWords, ThumbFailure, thumbUnavailableWords } from './thumbWords';

export const THUMB_SIZE = 384;
/** Pictures past this many pixels are refused before they are decoded (a 7,000 × 7,000 picture is 49 M). */
export const THUMB_MAX_INPUT_PIXELS = 50_000_000;
/** The most bytes read to make one thumbnail. */
export const THUMB_MAX_SOURCE_BYTES = 256 * 1024 * 1024;
/** Sources up to this size are read into buffers used again (sourceBuffers.ts); larger ones get their own. */
export const SOURCE_BUFFER_MAX_BYTES = 32 * 1024 * 1024;
/** How long the service may send nothing while a thumbnail's source is read. */
export const THUMB_IDLE_MS = 30_000;

export interface ThumbMakerDeps {
  store: LoupeStore;
  dataDir: string;
  cache: Pick<AssetDiskCache, 'open'>;
  upstream: Pick<UpstreamFetcher, 'fetchWhole'>;
  /** The kept copy of a hash, opened (the library folder), or null. */
  openKept: (hash: string) => Promise<CachedFile | null>;
  /** A Router run's saved medium, opened: a Router entry's bytes are on this disk, never the service's. */
  openRouterMedia?: (profileId: string, runId: string, index: number) => Promise<CachedFile | null>;
  concurrency?: number;
  maxInputPixels?: number;
  /** How long a source download may stall (tests shorten it). */
  idleMs?: number;
}

export class ThumbMaker {
  /** Sources read and waiting for a making turn. */
  private readonly readAhead: Limiter;
  /** Pictures being made. */
  private readonly making: Limiter;
  /** What local sources are read into (let go when no thumbnail is under way). */
  private readonly buffers: SourceBuffers;
  /** The making under way for each hash (or asset, while its hash is unknown). */
  private readonly underWay = new Map<string, Promise<void>>();
  /** sharp pipelines run and source fetches made (tests and the bench check "once per hash"). */
  readonly counts = { made: 0, fetched: 0 };

  constructor(private readonly deps: ThumbMakerDeps) {
    const concurrency = deps.concurrency ?? 2;
    this.readAhead = new Limiter(concurrency);
    this.making = new Limiter(concurrency);
    this.buffers = new SourceBuffers(concurrency * 2, SOURCE_BUFFER_MAX_BYTES);
  }

  /** Source buffers held for the next picture (none once no thumbnail is under way). */
  get sourceBuffersHeld(): number {
    return this.buffers.held;
  }

  get dir(): string {
    return join(this.deps.dataDir, 'cache', 'thumbs');
  }

  pathOf(hex: string): string {
    return join(this.dir, hex.slice(0, 2), `${hex}.webp`);
  }

  async thumb(profileId: string, assetId: string, signal?: AbortSignal): Promise<ThumbAnswer> {
    const entry = this.deps.store.libraryKeep.byAssetId(profileId, assetId);
    if (entry === null) return { kind: 'missing' };
    if (entry.thumbState === 'failed')
      return { kind: 'failed', message: entry.thumbMessage ?? 'No thumbnail.' };
    const unsupported = unsupportedWords(entry);
    if (unsupported !== null) {
      // A video's poster frame, once the window has drawn one (posterStore.ts).
      const poster = isVideoEntry(entry) ? await this.openThumb(entry.hash) : null;
      return poster === null ? { kind: 'unsupported', message: unsupported } : { kind: 'file', file: poster };
    }
    const ready = await this.openThumb(entry.hash);
    if (ready !== null) return { kind: 'file', file: ready };
    // One making per hash (or per asset while the hash is unknown), however many tiles ask.
    const key = entry.hash ?? `${profileId}\n${assetId}`;
    let making = this.underWay.get(key);
    if (making === undefined) {
      making = this.make(entry, signal).finally(() => {
        this.underWay.delete(key);
        if (this.underWay.size === 0) this.buffers.clear();
      });
      this.underWay.set(key, making);
    }
    try {
      await making;
    } catch (error) {
      // The service's own refusals (gone, no access, no answer) and a profile that cannot be reached go back
      // as the route maps them; what went wrong on the way (a broken body, a full disk) is said here.
      if (isApiError(error) || error instanceof ProfileError || signal?.aborted === true) throw error;
      return { kind: 'unavailable', message: thumbUnavailableWords(error) };
    }
    const after = this.deps.store.libraryKeep.byAssetId(profileId, assetId);
    if (after?.thumbState === 'failed')
      return { kind: 'failed', message: after.thumbMessage ?? 'No thumbnail.' };
    const made = await this.openThumb(after?.hash ?? null);
    return made === null
      ? { kind: 'failed', message: 'The thumbnail could not be stored.' }
      : { kind: 'file', file: made };
  }

  /** Whether the hash has its thumbnail on disk already. */
  async hasThumb(hash: string): Promise<boolean> {
    const file = await this.openThumb(hash);
    await file?.handle.close();
    return file !== null;
  }

  /** Stores a thumbnail made elsewhere (a video's poster frame) under its hash. */
  async writeThumb(hash: string, webp: Buffer): Promise<void> {
    const hex = hexOf(hash);
    if (hex === null) throw new Error('a thumbnail is stored under a blake3 hash');
    await this.store(hex, webp);
  }

  private async openThumb(hash: string | null): Promise<CachedFile | null> {
    const hex = hexOf(hash);
    if (hex === null) return null;
    try {
      const handle = await open(this.pathOf(hex), 'r');
      return { size: (await handle.stat()).size, contentType: 'image/webp', handle };
    } catch {
      return null;
    }
  }

  /**
   * The entry's hash, learnt from its bytes (read as a thumbnail's source is) and recorded when the service
   * never said it: a video's poster frame is stored under it like any thumbnail (posterStore.ts).
   */
  async learnHash(entry: KeepEntry, signal?: AbortSignal): Promise<string> {
    return entry.hash ?? this.recordHashOf(entry, await this.sourceOf(entry, signal));
  }

  private recordHashOf(entry: KeepEntry, bytes: Buffer): string {
    const hash = `blake3:${new Blake3Hasher().update(bytes).digest('hex')}`;
    this.deps.store.libraryKeep.recordHash(entry.entryId, hash);
    return hash;
  }

  /**
   * Only the making of the picture (the cores' work) holds one of the two making turns. A source on this disk
   * is opened and read before, in a read-ahead turn that it keeps until a making turn is free, so at most two
   * wait read and two are made: four pictures in hand. The WebP is stored after the turn is given back. With
   * the reading and storing inside the turn, each picture's file work left a core idle while the others
   * waited (0.72-0.92x a bare sharp loop; see bench thumbs). Local sources are read into buffers used again
   * (sourceBuffers.ts). A source from the service is fetched beside the others (the network, not the cores, is
   * what it waits on), then waits for a making turn.
   */
  private async make(entry: KeepEntry, signal: AbortSignal | undefined): Promise<void> {
    // Opened in its read-ahead turn: a grid's hundreds of waiting tiles hold no file open.
    const local = await this.readAhead.run(async () => {
      const file = await this.openLocalSource(entry);
      if (file === null) return null;
      const bytes = await readSource(file, this.buffers);
      return this.stage(entry, bytes, () => this.buffers.give(bytes));
    });
    const staged = local ?? (await this.stage(entry, await this.fetchSource(entry, signal), () => undefined));
    if (staged === 'done') return;
    let webp: Buffer;
    try {
      webp = await this.render(entry, staged.bytes);
    } catch (error) {
      this.deps.store.libraryKeep.setThumbState(
        staged.hash,
        'failed',
        thumbFailureWords(error, this.maxPixels),
      );
      return;
    } finally {
      staged.release();
    }
    await this.store(staged.hex, webp);
    this.deps.store.libraryKeep.setThumbState(staged.hash, 'ready', null);
  }

  /**
   * The source in hand, with the hash its thumbnail goes under and a making turn; 'done' when there is nothing
   * to make: a hash that is not blake3, or a hash learnt just now whose thumbnail another entry already made.
   * `done` is called once the bytes are no longer read (at once for 'done', else when the turn is released).
   */
  private async stage(entry: KeepEntry, bytes: Buffer, done: () => void): Promise<Staged | 'done'> {
    const hash = entry.hash ?? this.recordHashOf(entry, bytes);
    const hex = hexOf(hash);
    if (hex !== null && (entry.hash !== null || !(await this.hasThumb(hash)))) {
      const endTurn = await this.making.acquire();
      return {
        hash,
        hex,
        bytes,
        release: () => {
          endTurn();
          done();
        },
      };
    }
    if (hex !== null) this.deps.store.libraryKeep.setThumbState(hash, 'ready', null);
    done();
    return 'done';
  }

  private get maxPixels(): number {
    return this.deps.maxInputPixels ?? THUMB_MAX_INPUT_PIXELS;
  }

  private async render(entry: KeepEntry, bytes: Buffer): Promise<Buffer> {
    this.counts.made += 1;
    if (isAudio(entry)) {
      const pixels = drawWaveform(bytes);
      if (pixels === null) throw new ThumbFailure('This audio is not a WAV file Loupe can read.');
      return sharp(pixels, { raw: { width: WAVE_WIDTH, height: WAVE_HEIGHT, channels: 4 } })
        .webp({ lossless: true })
        .toBuffer();
    }
    return sharp(bytes, { limitInputPixels: this.maxPixels, failOn: 'error' })
      .rotate()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  }

  /** The whole source in memory (bounded): the kept copy, the disk cache's, else the service's. */
  private async sourceOf(entry: KeepEntry, signal: AbortSignal | undefined): Promise<Buffer> {
    const local = await this.openLocalSource(entry);
    return local !== null ? readSource(local) : this.fetchSource(entry, signal);
  }

  /** The source on this disk, opened: the kept copy, a Router run's saved file, else the disk cache's. */
  private async openLocalSource(entry: KeepEntry): Promise<CachedFile | null> {
    if (entry.size > THUMB_MAX_SOURCE_BYTES)
      throw new ThumbFailure('The file is too large to make a thumbnail of.');
    return (
      (entry.hash === null ? null : await this.deps.openKept(entry.hash)) ??
      (await this.openRouterMedium(entry)) ??
      (await this.deps.cache.open(entry.profileId, entry.assetId, entry.hash))
    );
  }

  /** The service's copy, read whole under the download checks. */
  private async fetchSource(entry: KeepEntry, signal: AbortSignal | undefined): Promise<Buffer> {
    this.counts.fetched += 1;
    const whole = await this.deps.upstream.fetchWhole(entry.profileId, entry.assetId, signal);
    const expectedSize = entry.size > 0 ? entry.size : whole.contentLength;
    if ((expectedSize ?? 0) > THUMB_MAX_SOURCE_BYTES) {
      whole.body.destroy();
      throw new ThumbFailure('The file is too large to make a thumbnail of.');
    }
    const { bytes } = await readWholeChecked(whole.body, {
      expectedHash: entry.hash,
      expectedSize,
      maxBytes: Math.min(
        expectedSize ?? THUMB_MAX_SOURCE_BYTES,
        whole.contentLength ?? THUMB_MAX_SOURCE_BYTES,
      ),
      idleMs: this.deps.idleMs ?? THUMB_IDLE_MS,
      ...(signal === undefined ? {} : { signal }),
    });
    return bytes;
  }

  /** A Router entry's saved medium; a Router entry whose file is gone says so rather than ask the service. */
  private async openRouterMedium(entry: KeepEntry): Promise<CachedFile | null> {
    const medium = routerMediumOf(entry.assetId);
    if (medium === null || this.deps.store.library.entries.get(entry.entryId)?.source !== 'router')
      return null;
    const file = (await this.deps.openRouterMedia?.(entry.profileId, medium.runId, medium.index)) ?? null;
    if (file === null) throw new ThumbFailure('The Router run’s saved file is gone.');
    return file;
  }

  private async store(hex: string, webp: Buffer): Promise<void> {
    const path = this.pathOf(hex);
    await mkdir(join(this.dir, hex.slice(0, 2)), { recursive: true });
    await replaceWhole(path, webp);
  }
}

/** A source in hand, ready to be made in the making turn it holds. */
interface Staged {
  hash: string;
  hex: string;
  bytes: Buffer;
  release: () => void;
}

/**
 * A local source read whole, into a buffer of `buffers` when given, and closed (bounded, as a download is). A
 * file shorter than its size was damaged on this disk: not the picture's fault, so it is answered, not recorded.
 */
async function readSource(local: CachedFile, buffers?: SourceBuffers): Promise<Buffer> {
  try {
    if (local.size > THUMB_MAX_SOURCE_BYTES)
      throw new ThumbFailure('The file is too large to make a thumbnail of.');
    const bytes = buffers?.take(local.size) ?? Buffer.allocUnsafeSlow(local.size);
    let filled = 0;
    while (filled < bytes.length) {
      const { bytesRead } = await local.handle.read(bytes, filled, bytes.length - filled, filled);
      if (bytesRead === 0) {
        buffers?.give(bytes);
        throw new ThumbFailure(
          'The copy of this file on this disk is shorter than recorded (damaged), so no thumbnail was made from it.',
        );
      }
      filled += bytesRead;
    }
    return bytes;
  } finally {
    await local.handle.close();
  }
}

export function isVideoEntry(entry: Pick<KeepEntry, 'type' | 'contentType'>): boolean {
  return thumbKindOf(entry.type, entry.contentType) === 'poster';
}

function isAudio(entry: KeepEntry): boolean {
  return thumbKindOf(entry.type, entry.contentType) === 'waveform';
}

/** Kinds Loupe does not draw here, and why (not recorded as failures: they are not broken). */
function unsupportedWords(entry: KeepEntry): string | null {
  const kind = thumbKindOf(entry.type, entry.contentType);
  if (kind === 'poster') return 'No poster frame yet: the window draws one from the video’s first frame.';
  if (kind !== null) return null;
  return 'Only pictures and WAV audio have thumbnails.';
}
