// Paid results are never thrown away: a run's byte answer (audio/wav …) and the media its JSON output links to
// (data: URLs, image/audio/video links) are saved under the data folder, per profile and per run, before the
// links expire. Links are fetched with no credential at all (a CDN or a signed URL must never see the key), and
// only pictures, sounds and clips are kept from them.
import { safeFileName } from '../../../src-shared/safeFileName';
import { isApiError, type HttpClient } from '../api';
import { safeContentType } from '../content';
import type { StoredMedia } from '../store';
import type { JsonValue } from './boundedJson';
import { TooLargeError, writeBytesFile, writeCappedFile } from './cappedFile';
import { findMediaLinks, valueAt } from './mediaLinks';
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
  logError: (message: string, error: unknown) => void;
}

const linkTimeoutMs = 120_000;

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
  source: StoredMedia['source'],
  pointer: string | null,
): StoredMedia {
  const type = safeContentType(contentType);
  return {
    index,
    kind: mediaKindOf(type),
    contentType: type,
    name: displayName(run, index, type),
    sizeBytes: null,
    file: null,
    state: 'saving',
    source,
    pointer,
  };
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

export class MediaSaver {
  constructor(private readonly deps: MediaSaverDeps) {}

  /** A byte answer, kept as the run's medium 0 (its only output). */
  async saveAnswer(
    run: MediaRun,
    contentType: string,
    body: ReadableStream<Uint8Array>,
    signal?: AbortSignal,
  ): Promise<StoredMedia> {
    const medium = entry(run, 0, contentType, 'answer', null);
    const file = `0${extensionFor(medium.contentType)}`;
    const dir = this.deps.paths.mediaDir(run.profileId, run.id);
    const size = await writeCappedFile(dir, file, body, this.deps.maxFileBytes, signal);
    return { ...medium, file, sizeBytes: size, state: 'saved' };
  }

  /** The media the output links to, recorded as being saved (they are fetched by `saveLinks`). */
  plan(run: MediaRun, output: JsonValue): StoredMedia[] {
    return findMediaLinks(output).map((link, index) =>
      entry(run, index, link.contentType, 'link', link.pointer),
    );
  }

  /** Saves every linked medium still being saved; one that cannot be fetched is marked failed, never retried blind. */
  async saveLinks(
    run: MediaRun,
    output: JsonValue,
    media: readonly StoredMedia[],
    anonymous: HttpClient | null,
    signal?: AbortSignal,
  ): Promise<StoredMedia[]> {
    const saved: StoredMedia[] = [];
    for (const medium of media) {
      if (medium.state !== 'saving' || medium.source !== 'link' || medium.pointer === null) {
        saved.push(medium);
        continue;
      }
      const url = valueAt(output, medium.pointer);
      try {
        saved.push(
          url === null
            ? { ...medium, state: 'failed' }
            : await this.saveLink(run, medium, url, anonymous, signal),
        );
      } catch (error) {
        if (signal?.aborted === true) throw error;
        // A link that cannot be fetched (gone, refused, too large) is an outcome, recorded; anything else is a bug.
        if (!isApiError(error) && !(error instanceof TooLargeError)) {
          this.deps.logError(`A medium of Router run ${run.id} could not be saved`, error);
        }
        saved.push({ ...medium, state: 'failed' });
      }
    }
    return saved;
  }

  private async saveLink(
    run: MediaRun,
    medium: StoredMedia,
    url: string,
    anonymous: HttpClient | null,
    signal: AbortSignal | undefined,
  ): Promise<StoredMedia> {
    const dir = this.deps.paths.mediaDir(run.profileId, run.id);
    const inline = dataUrlBytes(url);
    if (inline !== null) {
      const file = `${medium.index}${extensionFor(medium.contentType)}`;
      const size = await writeBytesFile(dir, file, inline, this.deps.maxFileBytes);
      return { ...medium, file, sizeBytes: size, state: 'saved' };
    }
    if (anonymous === null || url.startsWith('data:')) return { ...medium, state: 'failed' };
    const response = await anonymous.send({
      family: 'router',
      method: 'GET',
      target: url,
      headers: { accept: '*/*' },
      withCredential: false,
      timeoutMs: linkTimeoutMs,
      ...(signal === undefined ? {} : { signal }),
    });
    // A link that answers with something other than a medium (an HTML page, JSON) is not kept.
    const answered = essenceOf(response.contentType);
    const contentType =
      answered === '' || answered === 'application/octet-stream'
        ? medium.contentType
        : safeContentType(response.contentType);
    if (!isMediaType(contentType)) {
      await response.discard();
      return { ...medium, state: 'failed' };
    }
    const file = `${medium.index}${extensionFor(contentType)}`;
    const size = await writeCappedFile(dir, file, response.stream(), this.deps.maxFileBytes, signal);
    return { ...medium, contentType, kind: mediaKindOf(contentType), file, sizeBytes: size, state: 'saved' };
  }
}
