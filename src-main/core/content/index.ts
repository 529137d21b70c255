// core/content: asset bytes for the renderer. Builds the pieces once per app (the resolution cache, the disk
// cache, the responder both hosts serve the asset route with) and the contract's assets.* handlers.
import { randomBytes } from 'node:crypto';
import { profileCapability } from './profileCapability';
import { join } from 'node:path';
import { systemClock, type Clock, type RetryPolicy } from '../api';
import type { ProfileService } from '../profiles';
import type { LoupeStore } from '../store';
import { AssetBytes } from './assetBytes';
import { createAssetHandlers, type AssetHandlers } from './assetHandlers';
import { AssetLocator } from './assetLocator';
import { AssetResponder } from './assetResponder';
import { AssetDiskCache } from './diskCache';
import { createAssetExportHandlers, type PickFolder, type StartDrag } from './exportHandlers';
import type { LibraryRouteSource } from './librarySource';
import type { RouterMediaSource } from './routerMediaRoute';
import { SignedUrlCache } from './signedUrlCache';
import { UpstreamFetcher } from './upstream';

export type { LibraryRouteSource, ThumbAnswer } from './librarySource';
export type { UpstreamFetcher, UpstreamBytes } from './upstream';
export {
  AssetResponder,
  THUMBS_SEGMENT,
  isAssetPath,
  type AssetReply,
  type AssetRequest,
  type AssetResponderLike,
} from './assetResponder';
export type { AssetHandlers } from './assetHandlers';
export {
  ROUTER_MEDIA_SEGMENT,
  routerMediaPath,
  routerMediaTargetOf,
  type RouterMediaSource,
  type RouterMediaTarget,
} from './routerMediaRoute';
export { safeContentType } from './assetHeaders';
export type { CachedFile } from './diskCache';
export type { AssetBytes, AssetBytesReply } from './assetBytes';
export type { PickFolder, StartDrag } from './exportHandlers';

/** The Electron scheme; the browser shell serves the same path under /asset-bytes/<capability>/. */
export const ASSET_SCHEME = 'loupe-asset';
// Not /assets/: that is where the bundler puts the renderer's own scripts and styles.
export const ASSET_ROUTE_PREFIX = '/asset-bytes/';

export interface ContentOptions {
  dataDir: string;
  store: LoupeStore;
  profiles: ProfileService;
  /** Which host serves the asset route: it decides the URL prefix the renderer is given. */
  shell: 'electron' | 'browser';
  /** Bytes the disk cache may hold (default 2 GiB). */
  cacheMaxBytes?: number;
  clock?: Clock;
  fetch?: typeof fetch;
  retryPolicy?: RetryPolicy;
  /** Fixed only in tests; a fresh random secret per launch otherwise. */
  capability?: string;
  logError?: (message: string, error: unknown) => void;
  /** The host's folder picker (Electron's dialog); absent or null where there is none (browser shell, CLI). */
  pickFolder?: PickFolder | null;
  /** Starts an OS drag from the calling window (Electron's webContents.startDrag); absent or null elsewhere. */
  startDrag?: StartDrag | null;
  /** Router runs' saved media, served on the route's `router-media` sub-path; absent, that path is 404. */
  routerMedia?: RouterMediaSource | null;
  /** The library's kept copies (served before the service) and thumbnails (`thumbs/`); absent: neither. */
  library?: LibraryRouteSource | null;
}

export interface ContentServices {
  responder: AssetResponder;
  /** The browser shell's per-launch asset secret (a second secret, not the WebSocket token). */
  capability: string;
  /**
   * `loupe-asset://` or `/asset-bytes/<the profile's capability>/`: the renderer appends
   * `<profileId>/<assetId>`. Per profile, so the route serves a page only the profile it was given.
   */
  assetBase: (profileId: string) => string;
  handlers: AssetHandlers;
  cache: AssetDiskCache;
  resolutions: SignedUrlCache;
  /** An asset's bytes by id, from the disk cache or through a fresh (re-resolved when expired) link. */
  bytes: AssetBytes;
  /** The service's bytes without the disk cache (keeping copies them elsewhere; a second copy is waste). */
  upstream: UpstreamFetcher;
  /** Writes the disk cache's index (call on quit). */
  close(): Promise<void>;
}

export function createContentServices(options: ContentOptions): ContentServices {
  const clock = options.clock ?? systemClock;
  const logError = options.logError ?? ((message: string, error: unknown) => console.error(message, error));
  const capability = options.capability ?? randomBytes(24).toString('base64url');
  const assetBase = (profileId: string): string =>
    options.shell === 'electron'
      ? `${ASSET_SCHEME}://`
      : `${ASSET_ROUTE_PREFIX}${profileCapability(capability, profileId)}/`;
  const resolutions = new SignedUrlCache({ now: () => clock.now() });
  const locator = new AssetLocator({
    profiles: options.profiles,
    clock,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.retryPolicy === undefined ? {} : { retryPolicy: options.retryPolicy }),
  });
  const upstream = new UpstreamFetcher({ locator, resolutions });
  const cache = new AssetDiskCache({
    dir: join(options.dataDir, 'cache', 'assets'),
    maxBytes: options.cacheMaxBytes ?? 2 * 1024 ** 3,
    now: () => clock.now(),
    logError,
  });
  const bytes = new AssetBytes({
    upstream,
    cache,
    knownHash: (profileId, assetId) => options.store.assets.knownHash(profileId, assetId),
    logError,
  });
  const handlers: AssetHandlers = {
    ...createAssetHandlers({
      store: options.store,
      profiles: options.profiles,
      locator,
      upstream,
      resolutions,
      cache,
      assetBase,
    }),
    ...createAssetExportHandlers({
      bytes,
      store: options.store,
      pickFolder: options.pickFolder ?? null,
      startDrag: options.startDrag ?? null,
      dragDir: join(options.dataDir, 'cache', 'drag-out'),
    }),
  };
  // A profile whose address or credential changed must not reuse URLs resolved through the old one.
  const stopWatching = options.profiles.onChange((change) => {
    if (change.profileId !== null) resolutions.forgetProfile(change.profileId);
  });
  return {
    responder: new AssetResponder(bytes, logError, options.routerMedia ?? null, options.library ?? null),
    capability,
    assetBase,
    handlers,
    cache,
    resolutions,
    bytes,
    upstream,
    close: () => {
      stopWatching();
      return cache.flush();
    },
  };
}

export { writeExactFile, type ByteCheck, type WrittenFile } from './checkedWrite';
export { writeNewFile } from './saveToFolder';

export { profileCapability } from './profileCapability';
