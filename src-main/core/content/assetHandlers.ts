// The contract's assets.* calls, each on the profile it names: the list from Loupe's memory (knownAssets.ts), look-up
// by id or hash, details, delete, a fresh link to copy and the `core/ASSET` reference to paste. Whatever the
// service says about an asset is remembered in the store, so the Assets view keeps it after a restart.
import type {
  AssetCopyLink,
  AssetDetail,
  AssetListPage,
  AssetLookupResult,
} from '../../../src-shared/contracts/assets';
import { assetIdArgSchema, assetLookupHashPattern } from '../../../src-shared/contracts/assets';
import type { Asset } from '../api';
import type { ProfileService } from '../profiles';
import { DomainError } from '../errors';
import type { CallHandlers } from '../rpc/dispatcher';
import type { AssetDescription, LoupeStore } from '../store';
import {
  assetInUse,
  assetNotFound,
  hashNotFound,
  invalidLookup,
  isHttpStatus,
  isUnreachable,
} from './assetErrors';
import type { AssetLocator } from './assetLocator';
import type { AssetExportNames } from './exportHandlers';
import type { AssetDiskCache } from './diskCache';
import { knownAssets, matchesSearch } from './knownAssets';
import type { SignedUrlCache } from './signedUrlCache';
import type { UpstreamFetcher } from './upstream';

/** assets.bringOver is the creative loop's (core/loop). */
type AssetNames = Exclude<Extract<keyof CallHandlers, `assets.${string}`>, 'assets.bringOver'>;
export type AssetHandlers = Pick<CallHandlers, AssetNames>;
/** The assets.* calls answered here; the ones that write files are in exportHandlers.ts. */
export type AssetRecordHandlers = Omit<AssetHandlers, AssetExportNames>;

export interface AssetHandlerDeps {
  store: LoupeStore;
  profiles: ProfileService;
  locator: AssetLocator;
  upstream: UpstreamFetcher;
  resolutions: SignedUrlCache;
  cache: AssetDiskCache;
  /** `loupe-asset://` in Electron, `/asset-bytes/<capability>/` in the browser shell. */
  assetBase: (profileId: string) => string;
}

const DEFAULT_PAGE = 100;

export function createAssetHandlers(deps: AssetHandlerDeps): AssetRecordHandlers {
  /** Asks the service about one asset and remembers the answer; 404 leaves a tombstone. */
  const describe = async (profileId: string, assetId: string, lookedUp: boolean): Promise<AssetDetail> => {
    const clients = await deps.locator.clients(profileId);
    let asset: Asset;
    try {
      asset = await clients.assets.get(assetId);
    } catch (error) {
      if (isHttpStatus(error, 404)) {
        deps.store.assets.markDeleted(profileId, assetId);
        throw assetNotFound(assetId, 'read');
      }
      throw error;
    }
    deps.store.assets.describe(profileId, describedFrom(assetId, asset), { lookedUp });
    const known = knownAssets(deps.store, profileId, assetId)[0];
    const describedAt = deps.store.assets.get(profileId, assetId)?.describedAt ?? null;
    return { ...(known ?? summaryOf(assetId, asset, lookedUp)), source: 'service', describedAt };
  };

  return {
    'assets.base': ({ profileId }) => ({ base: deps.assetBase(profileId) }),

    'assets.list': ({ profileId, search, cursor, limit }): AssetListPage => {
      const all = knownAssets(deps.store, profileId).filter((a) => matchesSearch(a, search ?? ''));
      const offset = cursor !== undefined && cursor !== null && /^\d{1,9}$/.test(cursor) ? Number(cursor) : 0;
      const size = limit ?? DEFAULT_PAGE;
      const page = all.slice(offset, offset + size);
      const next = offset + page.length;
      return { assets: page, nextCursor: next < all.length ? String(next) : null, total: all.length };
    },

    'assets.lookup': async ({ profileId, query }): Promise<AssetLookupResult> => {
      if (assetLookupHashPattern.test(query)) return lookupByHash(profileId, query.toLowerCase());
      if (!assetIdArgSchema.safeParse(query).success) throw invalidLookup();
      return { state: 'found', asset: await describe(profileId, query, true) };
    },

    'assets.get': async ({ profileId, assetId }) => {
      try {
        return await describe(profileId, assetId, false);
      } catch (error) {
        const remembered = knownAssets(deps.store, profileId, assetId)[0];
        if (!isUnreachable(error) || remembered === undefined) throw error;
        const describedAt = deps.store.assets.get(profileId, assetId)?.describedAt ?? null;
        return { ...remembered, source: 'memory', describedAt };
      }
    },

    'assets.delete': async ({ profileId, assetId }) => {
      const clients = await deps.locator.clients(profileId);
      try {
        await clients.assets.delete(assetId);
      } catch (error) {
        if (isHttpStatus(error, 409)) throw assetInUse(assetId);
        if (!isHttpStatus(error, 404)) throw error;
        await forgetAsset(profileId, assetId);
        throw assetNotFound(assetId, 'delete');
      }
      await forgetAsset(profileId, assetId);
      return { deleted: true as const };
    },

    'assets.copyLink': async ({ profileId, assetId }): Promise<AssetCopyLink> => {
      let link: Awaited<ReturnType<UpstreamFetcher['freshLink']>>;
      try {
        link = await deps.upstream.freshLink(profileId, assetId);
      } catch (error) {
        if (isHttpStatus(error, 404)) throw assetNotFound(assetId, 'read');
        throw error;
      }
      if (link === null) {
        return {
          kind: 'none',
          message:
            'This service has no shareable links: its content address only opens with this profile’s ' +
            'access. Download the file to share it.',
        };
      }
      return { kind: 'signed', url: link.url, expiresAt: link.expiresAt };
    },

    'assets.reference': async ({ profileId, assetId }) => {
      let known = knownAssets(deps.store, profileId, assetId)[0] ?? null;
      if (known === null) {
        // Only the id is required; the hints are worth one question to the service.
        try {
          known = await describe(profileId, assetId, false);
        } catch (error) {
          if (!isUnreachable(error)) throw error;
        }
      }
      const info: Record<string, string> = { id: assetId };
      if (known !== null && known.hash !== null) info.hash = known.hash;
      if (known !== null && known.name !== null) info.file_path = known.name;
      return { text: JSON.stringify({ __type: 'core/ASSET', info }) };
    },
  };

  async function lookupByHash(profileId: string, hash: string): Promise<AssetLookupResult> {
    const candidates = new Set<string>([
      ...deps.store.assets.findByHash(profileId, hash).rows.map((row) => row.assetId),
      ...deps.store.outputs.findByHash(profileId, hash).rows.map((row) => row.assetId),
      ...[deps.store.uploads.findCreatedByHash(profileId, hash)?.assetId ?? null].filter(
        (id): id is string => id !== null,
      ),
    ]);
    for (const assetId of candidates) {
      try {
        return { state: 'found', asset: await describe(profileId, assetId, true) };
      } catch (error) {
        // That asset is gone; another one over the same bytes may not be.
        if (!(error instanceof DomainError && error.code === 'asset_not_found')) throw error;
      }
    }
    const clients = await deps.locator.clients(profileId);
    if (!(await clients.assets.existsByHash(hash))) throw hashNotFound(hash);
    return {
      state: 'blob-only',
      hash,
      message:
        'The service holds these bytes, but Loupe knows no asset of this profile over them. Uploading the ' +
        'file again makes one without sending the bytes a second time.',
    };
  }

  async function forgetAsset(profileId: string, assetId: string): Promise<void> {
    deps.store.assets.markDeleted(profileId, assetId);
    deps.resolutions.forget(profileId, assetId);
    await deps.cache.forget(profileId, assetId);
  }
}

/** Keyed by the id Loupe asked for: that is the name the rest of Loupe knows the asset by. */
function describedFrom(assetId: string, asset: Asset): AssetDescription {
  return {
    assetId,
    hash: asset.hash,
    size: Number.isSafeInteger(asset.size_bytes) && asset.size_bytes >= 0 ? asset.size_bytes : null,
    contentType: asset.content_type,
    filePath: asset.file_path,
    jobId: asset.job_id,
    createdAt: asset.created_at,
    expiresAt: asset.expires_at,
  };
}

function summaryOf(
  assetId: string,
  asset: Asset,
  lookedUp: boolean,
): Omit<AssetDetail, 'source' | 'describedAt'> {
  const described = describedFrom(assetId, asset);
  return {
    assetId,
    name: described.filePath,
    hash: described.hash,
    sizeBytes: described.size,
    contentType: described.contentType,
    createdAt: described.createdAt,
    expiresAt: described.expiresAt,
    jobId: described.jobId,
    origins: lookedUp ? ['lookup'] : [],
  };
}
