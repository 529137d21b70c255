// Test support: reading an asset reply's body, and uploading bytes to a service the plain way (multipart
// POST), so content tests start from assets the service really holds.
import { z } from 'zod';

export async function readAll(body: ReadableStream<Uint8Array> | null): Promise<Buffer> {
  if (body === null) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

const uploaded = z.looseObject({ id: z.string(), hash: z.string().nullable() });

/** POST /api/v2/assets with `bytes` as the file; `key` null sends no credential (self-hosted). */
export async function uploadBytes(
  baseUrl: string,
  key: string | null,
  bytes: Buffer,
  fileName: string,
  contentType = 'application/octet-stream',
): Promise<{ id: string; hash: string | null }> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type: contentType }), fileName);
  form.set('file_path', fileName);
  const response = await fetch(`${baseUrl}/api/v2/assets`, {
    method: 'POST',
    headers: key === null ? {} : { authorization: `Bearer ${key}` },
    body: form,
  });
  const body: unknown = await response.json();
  if (response.status !== 200 && response.status !== 201) {
    throw new Error(`upload failed (${response.status}): ${JSON.stringify(body)}`);
  }
  return uploaded.parse(body);
}
