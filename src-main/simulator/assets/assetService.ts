// The simulator's asset service (spec: Assets, Authentication, Limits): owns the blob/asset model and answers
// everything under /api/v2/assets plus the signed storage route. The kernel mounts the two handlers and uses
// the rest of the public surface to store job outputs and render them.
import { Blake3Hasher } from '@napi-rs/blake-hash';
import { matchPath, sendEmpty, sendJson, sendV2Error } from '../http';
import type { RouteContext, RouteHandler, Surface } from '../types';
import { AssetPresenter, type LinkContext, type OutputJson } from './assetPresenter';
import { AssetStore } from './assetStore';
import { handleStorageRequest, serveAssetContent, type ContentDeps } from './contentRoutes';
import { handleByHash, handleFromHash } from './fromHashRoute';
import { IdempotencyKeys } from './idempotencyKeys';
import { StorageSigner } from './signedUrls';
import { handleUpload } from './uploadRoute';

export interface AssetServiceOptions {
  surface: Surface;
  /** Read at every signing, so a fault switch can shorten URL lifetimes at run time. */
  urlTtlSeconds: () => number;
  /** Epoch milliseconds; tests move it to expire URLs, assets and idempotency keys. */
  now?: () => number;
  /** How long a new blob's published `hash` stays null (the service computes it lazily). Default 0. */
  hashDelayMs?: number;
  /** Largest accepted `file` part. Default 100 MiB (spec: Limits). */
  maxUploadBytes?: number;
  /** Read per request: true when job outputs' upstream bytes are gone (404 output_unavailable). */
  outputUnavailable?: () => boolean;
}

export interface OutputInput {
  bytes: Buffer;
  contentType: string;
  filePath: string;
  jobId: string;
  /** The job's expires_at (ISO date-time); the output is retained at least as long. */
  expiresAt: string;
}

const DEFAULT_MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
const ASSETS = '/api/v2/assets';

function methodNotAllowed(ctx: RouteContext, allow: string): void {
  sendV2Error(ctx.res, 405, 'method_not_allowed', `use ${allow} on this path`, null, { allow });
}

export class AssetService {
  readonly handleApi: RouteHandler;
  readonly handleStorage: RouteHandler;

  private readonly now: () => number;
  private readonly maxUploadBytes: number;
  private readonly outputUnavailable: () => boolean;
  private readonly store: AssetStore;
  private readonly presenter: AssetPresenter;
  private readonly keys: IdempotencyKeys;
  private readonly contentDeps: ContentDeps;
  private uploadBytesReceived = 0;

  constructor(options: AssetServiceOptions) {
    this.now = options.now ?? Date.now;
    this.maxUploadBytes = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
    this.outputUnavailable = options.outputUnavailable ?? (() => false);
    const signer = new StorageSigner();
    this.store = new AssetStore(this.now, options.hashDelayMs ?? 0);
    this.presenter = new AssetPresenter(options.surface, signer, options.urlTtlSeconds, this.now);
    this.keys = new IdempotencyKeys(this.now);
    this.contentDeps = {
      surface: options.surface,
      store: this.store,
      presenter: this.presenter,
      signer,
      now: this.now,
    };
    this.handleApi = (ctx) => this.routeApi(ctx);
    this.handleStorage = (ctx) => Promise.resolve(handleStorageRequest(ctx, this.contentDeps));
  }

  /** Store a job output as an asset of the job's owner. Outputs are always in use: DELETE answers 409. */
  createOutput(owner: string, input: OutputInput): { id: string } {
    const hex = new Blake3Hasher().update(input.bytes).digest('hex');
    const { blob } = this.store.ingest(owner, hex, input.bytes);
    const expiresAtMs = Date.parse(input.expiresAt);
    const record = this.store.createAsset({
      owner,
      blob,
      contentType: input.contentType,
      filePath: input.filePath,
      tags: [],
      requested: Number.isNaN(expiresAtMs) ? null : expiresAtMs,
      jobId: input.jobId,
      jobExpiresAt: input.expiresAt,
    });
    record.inUse = true;
    return { id: record.id };
  }

  isOwnedBy(assetId: string, owner: string): boolean {
    return this.store.getOwned(assetId, owner) !== undefined;
  }

  /** The Output fields the service derives from the asset. Throws for an unknown or expired id. */
  outputJson(assetId: string, link: LinkContext): OutputJson {
    const record = this.store.get(assetId);
    const blob = record && this.store.blobOf(record);
    if (!record || !blob) throw new Error(`no live asset ${assetId}`);
    return this.presenter.output(record, blob, link);
  }

  markInUse(assetId: string): void {
    const record = this.store.get(assetId);
    if (record) record.inUse = true;
  }

  stats(): { uploadBytesReceived: number; assets: number; blobs: number } {
    return { uploadBytesReceived: this.uploadBytesReceived, ...this.store.counts() };
  }

  reset(): void {
    this.store.clear();
    this.keys.clear();
    this.uploadBytesReceived = 0;
  }

  private async routeApi(ctx: RouteContext): Promise<boolean> {
    const { path } = ctx;
    if (path !== ASSETS && !path.startsWith(`${ASSETS}/`)) return false;
    const method = ctx.req.method ?? 'GET';

    // Resolve which operation first, so an unknown path falls through to the kernel's 404 before auth.
    const byHash = matchPath(`${ASSETS}/by-hash/:hash`, path);
    const content = matchPath(`${ASSETS}/:id/content`, path);
    const single = matchPath(`${ASSETS}/:id`, path);
    const isUpload = path === ASSETS;
    const isFromHash = path === `${ASSETS}/from-hash`;
    if (!isUpload && !isFromHash && !byHash && !content && !single) return false;

    const allowed =
      isUpload || isFromHash ? ['POST'] : byHash ? ['HEAD'] : content ? ['GET', 'HEAD'] : ['GET', 'DELETE'];
    if (!allowed.includes(method)) {
      methodNotAllowed(ctx, allowed.join(', '));
      return true;
    }
    const { owner, forbidden } = ctx.authenticate('v2-bearer');
    if (forbidden === true) {
      sendV2Error(ctx.res, 403, 'forbidden', 'this credential is not allowed to use this operation');
      return true;
    }
    if (owner === null) {
      sendV2Error(ctx.res, 401, 'unauthorized', 'missing or invalid credentials');
      return true;
    }

    if (isUpload) {
      await handleUpload(ctx, owner, {
        store: this.store,
        presenter: this.presenter,
        keys: this.keys,
        maxUploadBytes: this.maxUploadBytes,
        countFileBytes: (count) => (this.uploadBytesReceived += count),
        now: this.now,
      });
    } else if (isFromHash) {
      await handleFromHash(ctx, owner, { store: this.store, presenter: this.presenter, now: this.now });
    } else if (byHash) {
      handleByHash(
        ctx,
        owner,
        { store: this.store, presenter: this.presenter, now: this.now },
        byHash.hash ?? '',
      );
    } else {
      const id = content?.id ?? single?.id ?? '';
      this.answerForAsset(ctx, owner, id, content !== null);
    }
    return true;
  }

  /** GET / DELETE /assets/{id} and GET /assets/{id}/content, once the caller is known. */
  private answerForAsset(ctx: RouteContext, owner: string, id: string, wantsContent: boolean): void {
    const record = this.store.getOwned(id, owner);
    const blob = record && this.store.blobOf(record);
    if (!record || !blob) {
      sendV2Error(ctx.res, 404, 'not_found', 'no such asset');
      return;
    }
    if (wantsContent) {
      // The reference proxy serves an output from its upstream workflow server, whose file can vanish while
      // the record remains (NOTES.md "GET …/content"); uploaded inputs are not affected.
      if (record.jobId !== null && this.outputUnavailable()) {
        sendV2Error(ctx.res, 404, 'output_unavailable', 'the output bytes are no longer available upstream');
        return;
      }
      serveAssetContent(ctx, this.contentDeps, record, blob);
    } else if (ctx.req.method === 'DELETE') {
      if (record.inUse) {
        sendV2Error(ctx.res, 409, 'asset_in_use', 'the asset is still in use and cannot be deleted');
        return;
      }
      this.store.delete(record);
      sendEmpty(ctx.res, 204);
    } else {
      sendJson(ctx.res, 200, this.presenter.asset(record, blob, ctx));
    }
  }
}
