// Reading asset bytes from the asset route in the renderer: the head of a text output for its preview, and
// the reason a load failed (an <img> says only "error"). The route answers failures with a status and a short
// plain-text reason of Loupe's own making; the words below are for the statuses it uses.

export const TEXT_PREVIEW_BYTES = 64 * 1024;

export interface TextHead {
  text: string;
  /** True when the asset holds more than was read. */
  truncated: boolean;
  /** The asset's full size when the route said (Content-Range or Content-Length). */
  totalBytes: number | null;
}

/** A failed asset request, with words for a person and the status kept as the code. */
export class AssetFetchError extends Error {
  readonly code: string;
  /** The route's status; null when it did not answer at all. */
  constructor(status: number | null, message: string) {
    super(message);
    this.name = 'AssetFetchError';
    this.code = status === null ? 'unreachable' : `asset_route_${status}`;
  }
}

const STATUS_WORDS: Record<number, string> = {
  403: 'The service refused access to this asset. Check the profile’s credential.',
  404: 'The service has no such asset (deleted, expired, or another account’s).',
  502: 'The asset could not be fetched from the service.',
  503: 'The service is not running or not reachable right now.',
  504: 'The service did not answer in time.',
};

const UNREACHABLE = 'Loupe’s asset route did not answer.';

export function statusWords(status: number): string {
  return STATUS_WORDS[status] ?? `The asset route answered ${status}.`;
}

function totalFrom(response: Response): number | null {
  const range = /\/(\d+)\s*$/.exec(response.headers.get('content-range') ?? '');
  const text = range?.[1] ?? (response.status === 200 ? response.headers.get('content-length') : null);
  const total = text === null ? NaN : Number(text);
  return Number.isSafeInteger(total) && total >= 0 ? total : null;
}

/**
 * The first `limit` bytes of an asset as text. Asks for a Range so a large file is not sent whole, and stops
 * reading at the limit if the route sends it anyway. A character cut in half at the limit is dropped rather
 * than shown as a replacement mark.
 */
export async function fetchTextHead(
  url: string,
  signal?: AbortSignal,
  limit = TEXT_PREVIEW_BYTES,
): Promise<TextHead> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { range: `bytes=0-${limit - 1}` }, signal: signal ?? null });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new AssetFetchError(null, UNREACHABLE);
  }
  // 416: an empty file has no byte 0.
  if (response.status === 416) return { text: '', truncated: false, totalBytes: 0 };
  if (!response.ok) throw new AssetFetchError(response.status, statusWords(response.status));
  const totalBytes = totalFrom(response);
  const bytes = await readAtMost(response, limit);
  const truncated = bytes.cut || (totalBytes !== null && totalBytes > bytes.data.length);
  const text = new TextDecoder('utf-8').decode(bytes.data, { stream: truncated });
  return { text, truncated, totalBytes };
}

async function readAtMost(response: Response, limit: number): Promise<{ data: Uint8Array; cut: boolean }> {
  if (!response.body)
    return { data: new Uint8Array(await response.arrayBuffer()).slice(0, limit), cut: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let cut = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
    if (length >= limit) {
      cut = length > limit;
      await reader.cancel();
      break;
    }
  }
  const data = new Uint8Array(Math.min(length, limit));
  let offset = 0;
  for (const chunk of chunks) {
    const room = data.length - offset;
    if (room <= 0) break;
    data.set(chunk.subarray(0, room), offset);
    offset += Math.min(chunk.length, room);
  }
  return { data, cut };
}

export type LoadFailure =
  | { kind: 'http'; status: number; message: string }
  /** The bytes arrived, but the viewer could not show them (not an image this browser decodes). */
  | { kind: 'undecodable'; message: string }
  | { kind: 'unreachable'; message: string };

/** Why a load failed: asks the route for one byte and reads its status. */
export async function probeAsset(url: string, signal?: AbortSignal): Promise<LoadFailure> {
  try {
    const response = await fetch(url, { headers: { range: 'bytes=0-0' }, signal: signal ?? null });
    await response.body?.cancel();
    if (response.ok) {
      return {
        kind: 'undecodable',
        message: 'The bytes arrived, but they are not something this viewer can show.',
      };
    }
    return { kind: 'http', status: response.status, message: statusWords(response.status) };
  } catch {
    return { kind: 'unreachable', message: UNREACHABLE };
  }
}
