// POST /api/v2/assets: the streaming multipart upload (spec: Assets; NOTES: 201 new blob, 200 dedup hit, 409
// hash_mismatch with Retry-After, 422 idempotency_key_reuse or validation). The Idempotency-Key is claimed
// before the body is read and released on every path that mints nothing.
import { sendJson, sendV2Error } from '../http';
import type { RouteContext } from '../types';
import type { AssetPresenter } from './assetPresenter';
import type { AssetStore } from './assetStore';
import { formatBlake3 } from './assetFields';
import { refuseUnreadBody } from './earlyRefusal';
import type { IdempotencyKeys } from './idempotencyKeys';
import { formDataBoundary } from './multipartParser';
import { toUploadRequest } from './uploadRequest';
import { FORM_OVERHEAD_BYTES, readUploadForm } from './uploadStream';

export interface UploadDeps {
  store: AssetStore;
  presenter: AssetPresenter;
  keys: IdempotencyKeys;
  maxUploadBytes: number;
  countFileBytes: (count: number) => void;
  now: () => number;
}

/** A hash mismatch is usually a file that changed while it was read; the client may hash again and retry. */
const HASH_MISMATCH_RETRY_AFTER_SECONDS = '1';

function refuseTooLarge(ctx: RouteContext, maxUploadBytes: number): void {
  refuseUnreadBody(ctx, 413, 'payload_too_large', `uploads are limited to ${maxUploadBytes} bytes`, {
    max_bytes: maxUploadBytes,
  });
}

function claimKey(ctx: RouteContext, owner: string, keys: IdempotencyKeys): (() => void) | 'refused' {
  const header = ctx.req.headers['idempotency-key'];
  if (header === undefined) return () => undefined;
  // Two Idempotency-Key headers cannot name one claim; treat them like an empty key.
  const claim = keys.claim(owner, typeof header === 'string' ? header : '');
  if (claim.ok) return claim.release;
  if (claim.reason === 'reused') {
    sendV2Error(ctx.res, 422, 'idempotency_key_reuse', 'this Idempotency-Key has already been used');
  } else {
    sendV2Error(ctx.res, 422, 'invalid_request', 'Idempotency-Key must be 1 to 255 characters');
  }
  return 'refused';
}

export async function handleUpload(ctx: RouteContext, owner: string, deps: UploadDeps): Promise<void> {
  const release = claimKey(ctx, owner, deps.keys);
  if (release === 'refused') return;

  const boundary = formDataBoundary(ctx.req.headers['content-type']);
  if (boundary === null) {
    release();
    sendV2Error(ctx.res, 422, 'invalid_request', 'the body must be multipart/form-data with a boundary');
    return;
  }
  // A declared length that cannot fit is refused before a single byte is read.
  const declaredLength = Number(ctx.req.headers['content-length'] ?? Number.NaN);
  if (declaredLength > deps.maxUploadBytes + FORM_OVERHEAD_BYTES) {
    release();
    refuseTooLarge(ctx, deps.maxUploadBytes);
    return;
  }

  const outcome = await readUploadForm(ctx.req, {
    boundary,
    maxFileBytes: deps.maxUploadBytes,
    onFileBytes: deps.countFileBytes,
  });
  if (outcome.kind !== 'ok') {
    release();
    if (outcome.kind === 'too_large') refuseTooLarge(ctx, deps.maxUploadBytes);
    else if (outcome.kind === 'invalid') sendV2Error(ctx.res, 422, 'invalid_request', outcome.message);
    return;
  }

  const request = toUploadRequest(outcome.form);
  if (!request.ok) {
    release();
    sendV2Error(ctx.res, 422, 'invalid_request', request.message);
    return;
  }
  const { file, expectedHex } = request.value;
  if (expectedHex !== null && expectedHex !== file.hex) {
    release();
    sendV2Error(
      ctx.res,
      409,
      'hash_mismatch',
      'expected_hash differs from the hash of the uploaded bytes',
      { expected_hash: formatBlake3(expectedHex), computed_hash: formatBlake3(file.hex) },
      { 'retry-after': HASH_MISMATCH_RETRY_AFTER_SECONDS },
    );
    return;
  }

  const { expiresInSeconds } = request.value;
  const { blob, createdNew } = deps.store.ingest(owner, file.hex, file.bytes);
  const record = deps.store.createAsset({
    owner,
    blob,
    contentType: request.value.contentType,
    filePath: request.value.filePath,
    tags: request.value.tags,
    requested: expiresInSeconds === null ? null : deps.now() + expiresInSeconds * 1000,
  });
  sendJson(ctx.res, createdNew ? 201 : 200, deps.presenter.asset(record, blob, ctx, createdNew));
}
