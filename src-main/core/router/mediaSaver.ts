// Paid results are never thrown away: a run's byte answer (audio/wav …) and the media its JSON output links to
// (data: URLs, and links the output, the model's schema or its kind say are pictures, sounds or clips; links
// nothing explains are asked first) are saved under the data folder, per profile and per run, at once, a few at a
// time, before signed links expire. Links are fetched with no credential at all (a CDN or a signed URL must never
// see the key), and only pictures, sounds and clips are kept from them.
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { safeFileName } from '../../../src-shared/safeFileName';
import { isApiError, type HttpClient } from '../api';
import { safeContentType } from '../content';
import type { StoredMedia } from '../store';
import type { JsonValue } from './boundedJson';
import { StalledError, TooLargeError, writeBytesFile, writeCappedFile } from './cappedFile';
import { probeContentType } from './linkProbe';
import type { OutputHints } from './linkVerdict';
import { findMediaLinks, valueAt, type MediaLink } from './mediaLinks';
import { sniffFile } from './mediaSniff';
import { essenceOf, extensionFor, isMediaType, mediaKindOf } from './mediaTypes';
import type { RouterPaths } from './routerPaths';

export interface MediaRun {
  id: string;
  profileId: string;
  modelId: string;
}

export interface MediaSaverDeps {
  paths: RouterPaths;
  /** The largest file kept from one answer or link. */
  maxFileBytes: number;
  /** The longest a download may go without a byte before it is given up. */
  idleMs: number;
  /** The time limit of each ask of a link nothing explains. */
  probeTimeoutMs: number;
  logError: (message: string, error: unknown) => void;
}

const linkTimeoutMs = 120_000;
/** Links fetched at once: enough to beat a short expiry, few enough to be polite to one CDN. */
const SAVE_CONCURRENCY = 4;
const OCTET = 'application/octet-stream';
/** What storage answers when it does not know (or say) the type. */
const GENERIC_TYPES = new Set(['', OCTET, 'binary/octet-stream']);

function displayName(run: MediaRun, index: number, contentType: string): string {
  const model = run.modelId.split('/').pop() ?? 'output';
  return safeFileName(
    `${model}-${run.id.slice(0, 8)}-${index + 1}${extensionFor(contentType)}`,
    `output-${index + 1}`,
  );
}

function entry(
  run: MediaRun,
  index: number,
  contentType: string,
  kind: StoredMedia['kind'],
  source: StoredMedia['source'],
  pointer: string | null,
): StoredMedia {
  const type = safeContentType(contentType);
  return {
    index,
    kind,
    contentType: type,
    name: displayName(run, index, type),
    sizeBytes: null,
    file: null,
    state: 'saving',
    source,
    pointer,
  };
}

/** A link nothing explains is recorded as a `file` being saved: the saver asks it before anything else. */
function linkEntry(run: MediaRun, index: number, link: MediaLink): StoredMedia {
  const type = link.contentType ?? OCTET;
  return entry(run, index, type, link.kind ?? 'file', 'link', link.pointer);
}

function isUnexplained(medium: StoredMedia): boolean {
  return medium.kind === 'file' && medium.source === 'link';
}

/** `data:<type>[;base64],<payload>`: the payload's bytes, or null when it is not a data URL Loupe reads. */
function dataUrlBytes(url: string): Uint8Array | null {
  const comma = url.indexOf(',');
  if (!url.startsWith('data:') || comma < 0) return null;
  const base64 = url.slice(5, comma).split(';').includes('base64');
  const payload = url.slice(comma + 1);
  try {
    return base64
      ? new Uint8Array(Buffer.from(payload, 'base64'))
      : new TextEncoder().encode(decodeURIComponent(payload));
  } catch {
    return null;
  }
}

/** `work` over `items`, at most `limit` at once, results in the items' order. */
async function eachLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < items.length; index = next++) {
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export class MediaSaver {
  constructor(private readonly deps: MediaSaverDeps) {}

  /** A byte answer, kept as the run's medium 0 (its only output). Throws StalledError when it stops coming. */
  async saveAnswer(
    run: MediaRun,
    contentType: string,
    body: ReadableStream<Uint8Array>,
    signal?: AbortSignal,
  ): Promise<StoredMedia> {
    const type = safeContentType(contentType);
    const medium = entry(run, 0, type, mediaKindOf(type), 'answer', null);
    const file = `0${extensionFor(medium.contentType)}`;
    const dir = this.deps.paths.mediaDir(run.profileId, run.id);
    const size = await writeCappedFile(dir, file, body, this.deps.maxFileBytes, {
      signal,
      idleMs: this.deps.idleMs,
    });
    return { ...medium, file, sizeBytes: size, state: 'saved' };
  }

  /** The media the output links to, recorded as being saved (they are fetched by `saveLinks`). */
  plan(run: MediaRun, output: JsonValue, hints: OutputHints | null): StoredMedia[] {
    return findMediaLinks(output, hints).map((link, index) => linkEntry(run, index, link));
  }

  /** True when a plan holds links only the model's hints (or the links' own answers) can explain. */
  needsHints(media: readonly StoredMedia[]): boolean {
    return media.some(isUnexplained);
  }

  /**
   * Saves every linked medium still being saved; one that cannot be fetched is marked failed, never retried blind,
   * and a link that turns out not to be a medium is left out (it stays a link in the output).
   */
  async saveLinks(
    run: MediaRun,
    output: JsonValue,
    media: readonly StoredMedia[],
    anonymous: HttpClient | null,
    signal?: AbortSignal,
  ): Promise<StoredMedia[]> {
    const saved = await eachLimited(media, SAVE_CONCURRENCY, (medium) =>
      this.saveOne(run, output, medium, anonymous, signal),
    );
    return saved.filter((medium): medium is StoredMedia => medium !== null);
  }

  private async saveOne(
    run: MediaRun,
    output: JsonValue,
    medium: StoredMedia,
    anonymous: HttpClient | null,
    signal: AbortSignal | undefined,
  ): Promise<StoredMedia | null> {
    if (medium.state !== 'saving' || medium.source !== 'link' || medium.pointer === null) return medium;
    const url = valueAt(output, medium.pointer);
    if (url === null) return { ...medium, state: 'failed' };
    try {
      const inline = dataUrlBytes(url);
      if (inline !== null) return await this.saveInline(run, medium, inline);
      if (anonymous === null || url.startsWith('data:')) return { ...medium, state: 'failed' };
      const explained = isUnexplained(medium) ? await this.ask(medium, url, anonymous, signal) : medium;
      return explained === null ? null : await this.saveLink(run, explained, url, anonymous, signal);
    } catch (error) {
      if (signal?.aborted === true) throw error;
      // A link that cannot be fetched (gone, refused, too large, stalled) is an outcome, recorded; else a bug.
      if (!isApiError(error) && !(error instanceof TooLargeError) && !(error instanceof StalledError)) {
        this.deps.logError(`A medium of Router run ${run.id} could not be saved`, error);
      }
      return { ...medium, state: 'failed' };
    }
  }

  /** What a link nothing explains answers it is: a medium of that type, or null (not a medium). */
  private async ask(
    medium: StoredMedia,
    url: string,
    anonymous: HttpClient,
    signal: AbortSignal | undefined,
  ): Promise<StoredMedia | null> {
    const answered = await probeContentType(anonymous, url, { timeoutMs: this.deps.probeTimeoutMs, signal });
    const type = safeContentType(answered);
    if (!isMediaType(type)) return null;
    return { ...medium, kind: mediaKindOf(type), contentType: type };
  }

  private async saveInline(run: MediaRun, medium: StoredMedia, bytes: Uint8Array): Promise<StoredMedia> {
    const dir = this.deps.paths.mediaDir(run.profileId, run.id);
    const file = `${medium.index}${extensionFor(medium.contentType)}`;
    const size = await writeBytesFile(dir, file, bytes, this.deps.maxFileBytes);
    return { ...medium, file, sizeBytes: size, state: 'saved' };
  }

  private async saveLink(
    run: MediaRun,
    medium: StoredMedia,
    url: string,
    anonymous: HttpClient,
    signal: AbortSignal | undefined,
  ): Promise<StoredMedia> {
    const dir = this.deps.paths.mediaDir(run.profileId, run.id);
    const response = await anonymous.send({
      family: 'router',
      method: 'GET',
      target: url,
      headers: { accept: '*/*' },
      withCredential: false,
      timeoutMs: linkTimeoutMs,
      ...(signal === undefined ? {} : { signal }),
    });
    const answered = essenceOf(response.contentType);
    const generic = GENERIC_TYPES.has(answered);
    // Storage that names a type is believed; one that does not leaves the type to the output, or to the bytes.
    const stated = generic ? medium.contentType : safeContentType(response.contentType);
    if (!generic && !isMediaType(stated)) {
      // A link that answers with something other than a medium (an HTML page, JSON) is not kept.
      await response.discard();
      return { ...medium, state: 'failed' };
    }
    const known = isMediaType(stated);
    const file = `${medium.index}${known ? extensionFor(stated) : '.bin'}`;
    const size = await writeCappedFile(dir, file, response.stream(), this.deps.maxFileBytes, {
      signal,
      idleMs: this.deps.idleMs,
    });
    if (known) return this.saved(run, medium, stated, file, size);
    const sniffed = await sniffFile(join(dir, file));
    if (sniffed === null) return this.saved(run, { ...medium }, OCTET, file, size);
    const named = `${medium.index}${extensionFor(sniffed)}`;
    await rename(join(dir, file), join(dir, named));
    return this.saved(run, medium, sniffed, named, size);
  }

  private saved(run: MediaRun, medium: StoredMedia, type: string, file: string, size: number): StoredMedia {
    const kind = mediaKindOf(type);
    return {
      ...medium,
      contentType: type,
      // A model's word for a link whose bytes say nothing still stands: its tile shows it as what it said.
      kind: kind === 'file' ? medium.kind : kind,
      name: displayName(run, medium.index, type),
      file,
      sizeBytes: size,
      state: 'saved',
    };
  }
}
