// assets.bringOver: outputs made usable as inputs on a profile. On their own profile they already are. On
// another one, by hash first: HEAD by-hash on the target, then from-hash, so bytes the target service holds
// are never sent again; only when it does not hold them are the bytes read from the source profile (through
// the asset bytes reader: disk cache or the source service) and uploaded by the uploads engine, with the
// hash as expected_hash so the target itself proves they are the bytes named. Each request that can create
// an asset is recorded in the store before it leaves (the uploads engine's rule 6).
import type { BroughtAsset } from '../../../src-shared/contracts/loop';
import type { UploadOutcome } from '../../../src-shared/contracts/uploads';
import type { AssetBytes } from '../content';
import { DomainError } from '../errors';
import type { UploadService } from '../uploads';
import { checkDeclared, mintDeclared, sendDeclared } from '../uploads/bytesUpload';
import type { FileEvents, FileJob } from '../uploads/uploadFile';
import type { DeclaredBytes } from '../uploads/uploadBatch';
import { hashChunksWithWasm } from '../uploads/wasmHash';

export interface TransferDeps {
  uploads: Pick<UploadService, 'connectTo' | 'pipeline'>;
  bytes: Pick<AssetBytes, 'read'>;
}

const quiet: FileEvents = {
  stage: () => undefined,
  hashed: () => undefined,
  digested: () => undefined,
  sent: () => undefined,
  recorded: () => undefined,
};

/** The source's bytes as a stream of chunks, counted. */
async function* sourceBytes(
  deps: TransferDeps,
  profileId: string,
  assetId: string,
  signal: AbortSignal,
  limit: number,
): AsyncGenerator<Uint8Array> {
  let read = 0;
  const reply = await deps.bytes.read({ profileId, assetId, range: null, headOnly: false, signal });
  if (reply.body === null) throw new DomainError('asset_unavailable', 'The output has no bytes to read.');
  const reader = reply.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      // Never read more than one upload may carry, whatever the source says its size is.
      if (read > limit)
        throw new DomainError('asset_too_large', 'The output is larger than one upload may be.');
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

function failure(outcome: UploadOutcome, assetId: string): DomainError {
  const message =
    outcome.kind === 'failed' || outcome.kind === 'refused-too-large' || outcome.kind === 'canceled'
      ? outcome.message
      : 'The output could not be brought over.';
  const code = outcome.kind === 'failed' ? outcome.code : `upload_${outcome.kind.replace(/-/g, '_')}`;
  return new DomainError(code, `${assetId}: ${message}`, { details: { assetId } });
}

export async function bringOver(
  deps: TransferDeps,
  fromProfileId: string,
  toProfileId: string,
  assetId: string,
  signal: AbortSignal = new AbortController().signal,
): Promise<BroughtAsset> {
  if (fromProfileId === toProfileId) {
    return { sourceAssetId: assetId, assetId, how: 'same-profile', bytesSent: 0 };
  }
  const source = await deps.uploads.connectTo(fromProfileId);
  const facts = await source.client.get(assetId, { signal });
  let hash = facts.hash;
  if (hash === null || !/^blake3:[0-9a-f]{64}$/.test(hash)) {
    // The source has not computed it yet (hashes are lazy): hash the bytes here, as an upload would.
    hash = await hashChunksWithWasm(
      sourceBytes(deps, fromProfileId, assetId, signal, deps.uploads.pipeline.maxUploadBytes),
    );
  }
  const declared: DeclaredBytes = { hash, size: facts.size_bytes, contentType: facts.content_type };
  const target = await deps.uploads.connectTo(toProfileId);
  const pipeline = deps.uploads.pipeline;
  const name = (facts.file_path ?? assetId).split('/').pop() ?? assetId;
  const job: FileJob = { path: name, relativePath: name, options: {}, rowId: null };
  const check = await checkDeclared(
    declared,
    { assets: target.client, profileId: toProfileId },
    { maxUploadBytes: pipeline.maxUploadBytes, canReceive: true },
    signal,
  );
  if (check.kind === 'settled') throw failure(check.outcome, assetId);
  const fileTarget = { assets: target.client, profileId: toProfileId };
  const outcome =
    check.kind === 'known'
      ? await mintDeclared(job, declared, fileTarget, pipeline, quiet, signal)
      : await sendDeclared(
          job,
          declared,
          sourceBytes(deps, fromProfileId, assetId, signal, pipeline.maxUploadBytes),
          fileTarget,
          pipeline,
          quiet,
          signal,
        );
  if (outcome.kind === 'deduplicated') {
    return { sourceAssetId: assetId, assetId: outcome.assetId, how: 'by-hash', bytesSent: 0 };
  }
  if (outcome.kind === 'uploaded') {
    return { sourceAssetId: assetId, assetId: outcome.assetId, how: 'uploaded', bytesSent: declared.size };
  }
  throw failure(outcome, assetId);
}
