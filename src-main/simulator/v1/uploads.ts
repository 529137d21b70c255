// POST /api/upload/image and /api/upload/mask. Storage is flat and content-addressed: the name is
// derived from the bytes, `subfolder` is accepted and ignored, and a mask must name its original.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, isPlainObject, readBody, sendJson, sendV1Error } from '../http';
import type { RouteContext } from '../types';
import { boundaryOf, parseMultipart, type FormPart } from './multipart';

/** About 100 MB per request, as the spec's upload limit says. */
export const maxV1UploadBytes = 100 * 1024 * 1024;
const uploadTypes = new Set(['input', 'temp', 'output']);

interface StoredUpload {
  bytes: Buffer;
  contentType: string;
}

/** Uploaded inputs by owner and name (a prompt refers to them as LoadImage file names). */
export class V1UploadStore {
  private readonly files = new Map<string, StoredUpload>();

  put(owner: string, name: string, upload: StoredUpload): void {
    this.files.set(`${owner}/${name}`, upload);
  }

  clear(): void {
    this.files.clear();
  }
}

function extensionOf(fileName: string | null): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName ?? '');
  return match?.[1] ? `.${match[1].toLowerCase()}` : '.png';
}

function field(parts: FormPart[], name: string): string | null {
  const part = parts.find((p) => p.name === name && p.fileName === null);
  return part ? part.data.toString('utf8') : null;
}

async function readForm(
  req: IncomingMessage,
): Promise<{ ok: true; parts: FormPart[] } | { ok: false; status: number; code: string; message: string }> {
  const boundary = boundaryOf(req.headers['content-type']);
  if (boundary === null)
    return { ok: false, status: 400, code: 'INVALID_CONTENT_TYPE', message: 'Send multipart/form-data.' };
  let body: Buffer;
  try {
    body = await readBody(req, maxV1UploadBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return { ok: false, status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The upload exceeds 100 MB.' };
    }
    throw error;
  }
  const parsed = parseMultipart(body, boundary);
  if (!parsed.ok) return { ok: false, status: 400, code: 'INVALID_MULTIPART', message: parsed.message };
  return parsed;
}

export async function handleUpload(
  ctx: RouteContext,
  owner: string,
  store: V1UploadStore,
  kind: 'image' | 'mask',
): Promise<void> {
  const form = await readForm(ctx.req);
  if (!form.ok) return sendV1Error(ctx.res, form.status, form.code, form.message);
  const image = form.parts.find((p) => p.name === 'image' && p.fileName !== null);
  if (!image) return sendV1Error(ctx.res, 400, 'MISSING_FIELD', 'The form needs a file field named "image".');
  const type = field(form.parts, 'type') ?? 'input';
  if (!uploadTypes.has(type))
    return sendV1Error(ctx.res, 400, 'INVALID_FIELD', 'type must be input, temp or output.');
  if (kind === 'mask') {
    const raw = field(form.parts, 'original_ref');
    let ref: unknown = null;
    try {
      ref = raw === null ? null : (JSON.parse(raw) as unknown);
    } catch {
      ref = null;
    }
    if (!isPlainObject(ref) || typeof ref.filename !== 'string' || ref.filename === '') {
      return sendV1Error(ctx.res, 400, 'INVALID_FIELD', 'original_ref must be JSON with a filename.');
    }
  }
  const name = `${createHash('sha256').update(image.data).digest('hex')}${extensionOf(image.fileName)}`;
  store.put(owner, name, { bytes: image.data, contentType: image.contentType ?? 'application/octet-stream' });
  sendJson(ctx.res, 200, { name, subfolder: '', type });
}
