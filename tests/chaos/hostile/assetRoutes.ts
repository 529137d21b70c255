// The v2 assets surface of the hostile service: multipart upload (blake3 computed here, expected_hash
// verified, single-use Idempotency-Key), from-hash over blobs it holds, HEAD by-hash, and reading an asset.
// Statuses as NOTES gives them: 201 new blob or new reference, 200 dedup or an identical reference.
import { blake3 } from '@napi-rs/blake-hash';
import { z } from 'zod';
import { fileTag } from '../trialWorkflow';
import {
  answer,
  readBody,
  refuse,
  refusesBeforeWrite,
  releasesKey,
  strike,
  type Exchange,
  type ServiceContext,
} from './context';
import { boundaryOf, readMultipart, type FormPart } from './multipart';
import { assetView } from './views';
import { sendError, sendJson } from './wire';

const MAX_UPLOAD_BYTES = 16 * 1024 * 1024;
const hashSchema = z.string().regex(/^blake3:[0-9a-f]{64}$/);
const fromHashSchema = z.looseObject({
  hash: hashSchema,
  file_path: z.string().optional(),
  tags: z.array(z.string()).optional(),
  expires_in: z.number().int().min(60).max(604_800).optional(),
});

export function blake3Of(bytes: Buffer): string {
  return `blake3:${blake3(bytes).toString('hex')}`;
}

function field(parts: readonly FormPart[], name: string): string | null {
  const part = parts.find((candidate) => candidate.name === name && candidate.fileName === null);
  return part === undefined ? null : part.data.toString('utf8');
}

export async function uploadAsset(context: ServiceContext, exchange: Exchange): Promise<void> {
  const { req, res } = exchange;
  const raw = await readBody(req, MAX_UPLOAD_BYTES);
  if (raw === null) return;
  await context.notify({ type: 'asset-write-arrived' });
  const boundary = boundaryOf(req.headers['content-type']);
  const parts = boundary === null ? null : readMultipart(raw, boundary);
  const file = parts?.find((part) => part.name === 'file');
  if (parts === null || file === undefined) {
    sendError(res, 422, 'invalid_request', 'A multipart body with a file part is required.');
    return;
  }
  const keyHeader = req.headers['idempotency-key'];
  const key = typeof keyHeader === 'string' ? keyHeader : null;
  if (key !== null && context.ledger.keyTaken('asset', key)) {
    sendError(res, 422, 'idempotency_key_reuse', 'This Idempotency-Key was already used.');
    return;
  }
  const hash = blake3Of(file.data);
  const expected = field(parts, 'expected_hash');
  if (expected !== null && expected !== hash) {
    sendError(res, 409, 'hash_mismatch', 'The bytes do not match expected_hash.');
    return;
  }
  const fault = strike(context, 'upload', fileTag(hash));
  if (key !== null) context.ledger.claimKey('asset', key);
  if (refusesBeforeWrite(fault)) {
    if (key !== null && releasesKey(fault)) context.ledger.releaseKey('asset', key);
    refuse(exchange, fault);
    return;
  }
  const contentType = field(parts, 'content_type') ?? file.contentType ?? 'application/octet-stream';
  const createdNew = context.ledger.addBlob(hash, file.data.length, contentType);
  const asset = context.ledger.createAsset({
    hash,
    size: file.data.length,
    contentType,
    filePath: field(parts, 'file_path') ?? file.fileName ?? 'upload',
    route: 'upload',
    key,
    createdNew,
  });
  await answer(context, exchange, createdNew ? 201 : 200, assetView(asset), fault);
}

export async function assetFromHash(context: ServiceContext, exchange: Exchange): Promise<void> {
  const raw = await readBody(exchange.req, 64 * 1024);
  if (raw === null) return;
  await context.notify({ type: 'asset-write-arrived' });
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    json = null;
  }
  const body = fromHashSchema.safeParse(json);
  if (!body.success) {
    sendError(exchange.res, 422, 'invalid_request', 'from-hash needs a blake3 hash.');
    return;
  }
  const { hash } = body.data;
  const blob = context.ledger.blobs.get(hash);
  if (blob === undefined) {
    sendError(exchange.res, 404, 'blob_not_found', 'No blob with this hash can be used.');
    return;
  }
  const fault = strike(context, 'from-hash', fileTag(hash));
  if (refusesBeforeWrite(fault)) return refuse(exchange, fault);
  const filePath = body.data.file_path ?? hash;
  const existing = context.ledger.identicalReference(hash, filePath);
  const asset =
    existing ??
    context.ledger.createAsset({
      hash,
      size: blob.size,
      contentType: blob.contentType,
      filePath,
      route: 'from-hash',
      key: null,
      createdNew: false,
    });
  await answer(context, exchange, existing === null ? 201 : 200, assetView(asset), fault);
}

export async function assetByHash(context: ServiceContext, exchange: Exchange, hash: string): Promise<void> {
  const fault = strike(context, 'by-hash', fileTag(hash));
  if (refusesBeforeWrite(fault)) return refuse(exchange, fault);
  const known = hashSchema.safeParse(hash).success && context.ledger.blobs.has(hash);
  await answer(context, exchange, known ? 200 : 404, known ? {} : { error: { code: 'not_found' } }, fault);
}

export function readAsset(context: ServiceContext, exchange: Exchange, id: string): void {
  const asset = context.ledger.assets.get(id);
  if (asset === undefined) sendError(exchange.res, 404, 'not_found', 'There is no such asset.');
  else sendJson(exchange.res, 200, JSON.stringify(assetView(asset)));
}
