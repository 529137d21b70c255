// Binds the contract's names to the services that answer them. Both hosts (Electron, browser shell) build
// their dispatcher from this one function, so they cannot drift apart.
import type { AppInfo } from '../../../src-shared/contract';
import type { BatchReader } from '../batches';
import type { ConnectionTester } from '../capabilities';
import type { AssetBytes, AssetHandlers, PickFolder } from '../content';
import type { ProfileRuntimes } from '../jobs/profileRuntimes';
import { createWorkHandlers } from '../jobs/workHandlers';
import type { RouterService } from '../router';
import type { ContractHandlers } from '../rpc/dispatcher';
import type { UploadHandlers, UploadService } from '../uploads';
import type { LoupeStore } from '../store';
import type { StoreFiles } from '../store/health';
import { DomainError } from '../errors';
import { createBatchHandlers } from '../batches/batchHandlers';
import type { ExternalLinkPolicy } from './externalLinkPolicy';
import { startHeartbeat } from './heartbeat';
import { createJobHandlers } from '../jobs/jobHandlers';
import { createLoopHandlers } from '../loop/loopHandlers';
import type { LibraryHandlers } from '../library/libraryHandlers';
import { createModelHandlers } from '../router/modelHandlers';
import { createProfileHandlers, type ProfileDeps } from './profileHandlers';
import { createStoreHandlers } from './storeHandlers';

export interface CoreServices extends ProfileDeps {
  connections: ConnectionTester;
  appInfo: AppInfo;
  linkPolicy: ExternalLinkPolicy;
  /** Opens an allowed https URL in the user's browser; null when this host cannot (the browser shell). */
  openExternal: ((url: string) => Promise<void>) | null;
  /** assets.* (core/content). */
  assets: AssetHandlers;
  /** library.* (core/library): search, marks, saved searches; keeping is composed in by createCore. */
  library: LibraryHandlers;
  /** uploads.* (core/uploads). */
  uploads: UploadHandlers;
  /** jobs.*: each profile's runtime (its jobs service, watcher and senders; core/jobs). */
  jobs: ProfileRuntimes;
  /** batches.*: every profile's batches from the store (core/batches). */
  batches: BatchReader;
  /** The store, for recording planned batches and reading their failures. */
  store: LoupeStore;
  /** The store's files (store.status names them and its newest backup). */
  storeFiles: StoreFiles;
  /** Asset bytes, for batch exports and for outputs brought over to another profile. */
  assetBytes: Pick<AssetBytes, 'read'>;
  /** The uploads engine itself, for outputs brought over to another profile (assets.bringOver). */
  uploadService: Pick<UploadService, 'connectTo' | 'pipeline'>;
  /** Main's folder dialog (Electron); null in the browser shell. */
  pickFolder: PickFolder | null;
  /** models.*: the Router of the profile each call names (core/router). */
  router: RouterService;
  /** Where batch exports go without a dialog (the browser shell's Downloads/Loupe); null elsewhere. */
  exportRoot: string | null;
}

export function createContractHandlers(services: CoreServices): ContractHandlers {
  const startedAtMs = Date.parse(services.appInfo.startedAt);
  return {
    'app.info': () => services.appInfo,
    'app.openExternal': async ({ url }) => {
      const allowed = services.linkPolicy.check(url);
      if (allowed === null) {
        throw new DomainError(
          'link_not_allowed',
          'Loupe only opens https links to known hosts. Copy the link if you trust it.',
        );
      }
      if (!services.openExternal) return { opened: false };
      await services.openExternal(allowed);
      return { opened: true };
    },
    'app.heartbeat': ({ intervalMs }, sink) => startHeartbeat(intervalMs, sink, startedAtMs),
    ...createProfileHandlers(services),
    ...createJobHandlers(services.jobs),
    ...createWorkHandlers(services.jobs),
    ...createBatchHandlers({
      batches: services.batches,
      jobs: services.jobs,
      profiles: services.profiles,
      store: services.store,
      bytes: services.assetBytes,
      pickFolder: services.pickFolder,
      exportRoot: services.exportRoot,
    }),
    ...createModelHandlers({ router: services.router }),
    ...createLoopHandlers({
      jobs: services.jobs,
      profiles: services.profiles,
      store: services.store,
      uploads: services.uploadService,
      bytes: services.assetBytes,
    }),
    ...services.assets,
    ...services.library,
    ...services.uploads,
    ...createStoreHandlers(services.storeFiles),
    'profiles.test': ({ profileId, refresh }) =>
      services.connections.test(profileId, { refresh: refresh ?? false }),
  };
}
