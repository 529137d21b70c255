// The zero-byte dedup paths (spec: POST /assets/from-hash, HEAD /assets/by-hash/{hash}). Both resolve a hash only
// against blobs this owner may use, so a miss and someone else's blob are indistinguishable.
import { z } from 'zod';
import {
  BodyTooLargeError,
  isPlainObject,
  parseJson,
  readBody,
  sendEmpty,
  sendJson,
  sendV2Error,
} from '../http';
import type { RouteContext } from '../types';
import type { AssetPresenter } from './assetPresenter';
import type { AssetStore } from './assetStore';
import { MAX_EXPIRES_IN, MIN_EXPIRES_IN, checkFilePath, checkTags, parseBlake3 } from './assetFields';

export interface FromHashDeps {
  store: AssetStore;
  presenter: AssetPresenter;
  now: () => number;
}

const MAX_JSON_BYTES = 64 * 1024;

const FromHashBody = z.object({
  hash: z.string({ error: 'hash is required and must be a string' }),
  file_path: z.string().nullable().optional(),
  tags: z.array(z.string()).optional(),
  expires_in: z
    .number()
    .int('expires_in must be an integer number of seconds')
    .min(MIN_EXPIRES_IN, `expires_in must be between ${MIN_EXPIRES_IN} and ${MAX_EXPIRES_IN} seconds`)
    .max(MAX_EXPIRES_IN, `expires_in must be between ${MIN_EXPIRES_IN} and ${MAX_EXPIRES_IN} seconds`)
    .optional(),
});

function invalid(ctx: RouteContext, message: string, details: Record<string, unknown> | null = null): void {
  sendV2Error(ctx.res, 422, 'invalid_request', message, details);
}

export async function handleFromHash(ctx: RouteContext, owner: string, deps: FromHashDeps): Promise<void> {
  let raw: Buffer;
  try {
    raw = await readBody(ctx.req, MAX_JSON_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      sendV2Error(ctx.res, 413, 'payload_too_large', `the JSON body is limited to ${MAX_JSON_BYTES} bytes`);
      return;
    }
    throw error;
  }
  const json = parseJson(raw);
  if (!json.ok) return invalid(ctx, `malformed JSON: ${json.reason}`);
  if (!isPlainObject(json.value)) return invalid(ctx, 'the body must be a JSON object');
  const parsed = FromHashBody.safeParse(json.value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      field: issue.path.join('.'),
      reason: issue.message,
    }));
    return invalid(ctx, issues[0]?.reason ?? 'invalid body', { issues });
  }
  const body = parsed.data;
  const hex = parseBlake3(body.hash);
  if (hex === null) return invalid(ctx, 'hash must be blake3:<64 hex digits>');
  const filePath =
    body.file_path === undefined || body.file_path === null ? null : checkFilePath(body.file_path);
  if (filePath && !filePath.ok) return invalid(ctx, filePath.message);
  const tags = checkTags(body.tags ?? []);
  if (!tags.ok) return invalid(ctx, tags.message);

  const blob = deps.store.usableBlob(hex, owner);
  if (!blob) {
    sendV2Error(ctx.res, 404, 'blob_not_found', 'no blob with this hash is available to you');
    return;
  }
  const requested = body.expires_in === undefined ? null : deps.now() + body.expires_in * 1000;
  const placement = filePath ? filePath.value : null;
  const existing = deps.store.findReference(owner, blob, placement);
  if (existing) {
    deps.store.extendRetention(existing, requested);
    sendJson(ctx.res, 200, deps.presenter.asset(existing, blob, ctx, false));
    return;
  }
  const record = deps.store.createAsset({
    owner,
    blob,
    contentType: deps.store.contentTypeOf(blob, owner),
    filePath: placement,
    tags: tags.value,
    requested,
  });
  sendJson(ctx.res, 201, deps.presenter.asset(record, blob, ctx, false));
}

/** HEAD /api/v2/assets/by-hash/{hash}: 200 when this owner could mint from the blob, else 404. */
export function handleByHash(ctx: RouteContext, owner: string, deps: FromHashDeps, hash: string): void {
  const hex = parseBlake3(hash);
  const blob = hex === null ? undefined : deps.store.usableBlob(hex, owner);
  if (!blob) {
    sendEmpty(ctx.res, 404, { 'content-length': '0' });
    return;
  }
  sendEmpty(ctx.res, 200, { 'content-length': '0', etag: `"${blob.hex}"` });
}
