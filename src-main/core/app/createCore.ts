// Builds Loupe's engine the same way for every host (Electron, browser shell, CLI) and for tests: the store
// on disk, profiles with keychain credentials, the Demo server supervisor, and the contract dispatcher.
import type { AppInfo } from '../../../src-shared/contract';
import { BatchReader } from '../batches';
import { createConnectionTester } from '../capabilities';
import { createContentServices, type ContentServices, type PickFolder, type StartDrag } from '../content';
import { ProfileRuntimes } from '../jobs/profileRuntimes';
import { createLibraryCore, type LibraryCore } from '../library/libraryCore';
import { NamedRowUpdates } from '../library/namedRowUpdates';
import { readForLibrary } from '../library/readForLibrary';
import { PosterStore } from '../library/thumbs/posterStore';
import { Supervisor } from '../supervision';
import type { ProfileJobsOptions } from '../jobs/profileJobs';
import type { WatchConfig } from '../watch';
import {
  CredentialVault,
  ProfileService,
  connectionForProfile,
  demoProfileId,
  type KeychainBackend,
} from '../profiles';
import type { BridgeHandlers } from '../rpc/bridgeCalls';
import { RouterService, type RouterTuning } from '../router';
import { ContractDispatcher, type ContractHandlers } from '../rpc/dispatcher';
import type { LoupeStore } from '../store';
import { damageFromStoreError, openCheckedStore, storeFilesIn, type StoreFiles } from '../store/health';
import {
  BYTES_UPLOAD_ROUTE_PREFIX,
  FileGrants,
  UploadService,
  createDropGrantHandlers,
  createUploadHandlers,
  type FileGrantsOptions,
  type PickFiles,
} from '../uploads';
import { createContractHandlers } from './contractHandlers';
import {
  createKeepHandlers,
  createLibraryKeepServices,
  libraryDragDir,
  type LibraryKeepServices,
} from '../library/keep';
import { DemoSupervisor, type DemoLauncher } from './demoSupervisor';
import { ExternalLinkPolicy } from './externalLinkPolicy';
import { startDemo, syncDemoWithActiveProfile } from './profileHandlers';

export interface CoreOptions {
  /** Where Loupe keeps its database (created if missing). */
  dataDir: string;
  appInfo: AppInfo;
  keychain: KeychainBackend;
  openExternal: ((url: string) => Promise<void>) | null;
  demo: DemoLauncher | null;
  logError?: (message: string, error: unknown) => void;
  /** False while the machine is offline (the host's network probe); job watching pauses meanwhile. */
  isOnline?: () => boolean;
  /** Electron's folder picker for assets.saveToFolder; absent or null (browser shell, CLI): not_available. */
  pickFolder?: PickFolder | null;
  /** Electron's webContents.startDrag for assets.dragOut; absent or null (browser shell, CLI): not_available. */
  startDrag?: StartDrag | null;
  /**
   * Where a host without a folder dialog puts batch exports (the browser shell: Downloads/Loupe); absent or
   * null: batches.export needs pickFolder, else not_available.
   */
  exportRoot?: string | null;
  /** Electron's open dialog for uploads.pickFiles; absent or null (browser shell, CLI): not_available. */
  pickFiles?: PickFiles | null;
  /** How long grants live (tests shorten it). */
  fileGrants?: FileGrantsOptions;
  /**
   * A host without a window (the CLI): core runs one command and stops. Nothing an earlier run left is taken
   * up in the background (unanswered submissions, interrupted uploads, jobs still in flight, the Demo
   * server): that is the app's work, and two processes must not both do it.
   */
  headless?: boolean;
  /** Every request to a service goes through it (the CLI's tests watch what leaves). */
  fetch?: typeof fetch;
  /** The job watcher's intervals (a headless host's tests shorten them). */
  watch?: Partial<WatchConfig>;
  /** Job submission's knobs: the request time limit and how the reconciler looks (tests shorten them). */
  jobs?: Pick<ProfileJobsOptions, 'requestTimeoutMs' | 'reconcileAttempts' | 'reconcileDelayMs'>;
  /** The Router service's knobs (catalogue page size, queue polling); tests shorten them. */
  router?: RouterTuning;
  /** The library's background reading: backlog reads a second per profile (tests raise it). */
  library?: { backlogPerSecond?: number };
  /**
   * The asset and upload routes' per-launch secret; a host that may rebuild core after recovering the store
   * (hostedCore) keeps one for the whole launch, so the routes it serves stay the same. Random when absent.
   */
  capability?: string;
}

export interface LoupeCore {
  dispatcher: ContractDispatcher;
  store: LoupeStore;
  /** Where the store's files are (its data file, marker, backups). */
  storeFiles: StoreFiles;
  profiles: ProfileService;
  vault: CredentialVault;
  demo: DemoSupervisor;
  /** The handlers the dispatcher runs, for tests that wrap or replace one of them. */
  handlers: ContractHandlers;
  /** Asset bytes: the responder both hosts serve the asset route with, and the browser shell's capability. */
  content: ContentServices;
  /** Hash-first uploads of local files (uploads.*). */
  uploads: UploadService;
  /** What the user chose to upload: grants minted by a dialog or a real drop, redeemed by uploads.start. */
  grants: FileGrants;
  /** The Electron preload's own calls (a real drop minting grants); no other host binds them. */
  bridge: BridgeHandlers;
  /** Each profile's jobs service, watcher and senders, kept while it has work (jobs.*, batches.*). */
  jobs: ProfileRuntimes;
  /** Every profile's batches, read from the store (batches.*). */
  batches: BatchReader;
  /**
   * The Router for any profile by id (models.* answers for the active one; the CLI for the one it pinned):
   * catalogue, detail, runs kept in the store, cancel, spend, saved media.
   */
  router: RouterService;
  /** The library: its handlers, change stream, backlog reader and catch-up pass, kept copies and thumbnails. */
  library: LibraryCore & LibraryKeepServices;
  close(): Promise<void>;
}

export { DATABASE_FILE } from '../store/health';

/**
 * Builds core on the store in `options.dataDir`, opened through its health check. Throws StoreUnusableError
 * (with the damage in words) when the store cannot be used, whether the check found it or the first reads
 * did (a damaged page under the built-in profiles, a full disk under their first write): never a raw
 * SqliteError. The windowed hosts start through hostedCore, which shows the damage and offers recovery.
 */
export async function createCore(options: CoreOptions): Promise<LoupeCore> {
  const storeFiles = storeFilesIn(options.dataDir);
  const store = openCheckedStore(storeFiles);
  try {
    return await buildCore(options, store, storeFiles);
  } catch (error) {
    const unusable = damageFromStoreError(storeFiles, error);
    if (unusable === null) throw error;
    store.close();
    throw unusable;
  }
}

async function buildCore(
  options: CoreOptions,
  store: LoupeStore,
  storeFiles: StoreFiles,
): Promise<LoupeCore> {
  const vault = new CredentialVault(options.keychain);
  const demo = new DemoSupervisor(options.demo);
  const profiles = new ProfileService({ store, vault, demoEndpoint: () => demo.endpoint() });
  // The asset route serves Router media too; the Router service needs the route's base, so the two meet late.
  let router: RouterService | null = null;
  // The asset route serves kept copies and thumbnails; the library needs content's cache, so they meet late too.
  let keepRef: LibraryKeepServices | null = null;
  const content = createContentServices({
    dataDir: options.dataDir,
    store,
    profiles,
    shell: options.appInfo.shell,
    ...(options.capability === undefined ? {} : { capability: options.capability }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    pickFolder: options.pickFolder ?? null,
    startDrag: options.startDrag ?? null,
    routerMedia: { open: (...args) => router?.media.open(...args) ?? Promise.resolve(null) },
    library: {
      openKept: (...args) => keepRef?.routeSource.openKept(...args) ?? Promise.resolve(null),
      thumb: (...args) => keepRef?.routeSource.thumb(...args) ?? Promise.resolve({ kind: 'missing' }),
    },
    ...(options.logError ? { logError: options.logError } : {}),
  });
  const headless = options.headless === true;
  const openRouterMedia = (profileId: string, runId: string, index: number) =>
    router?.media.open(profileId, runId, index) ?? Promise.resolve(null);
  const keepServices = createLibraryKeepServices({
    dataDir: options.dataDir,
    store,
    content,
    openRouterMedia,
    supervisor: new Supervisor(options.logError ?? ((message, error) => console.error(message, error))),
  });
  keepRef = keepServices;
  const routerService = new RouterService({
    store,
    profiles,
    dataDir: options.dataDir,
    assetBase: content.assetBase,
    // A headless host (the CLI) follows nothing in the background: the app does, and two must not both.
    background: !headless,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.router === undefined ? {} : { tuning: options.router }),
    ...(options.logError ? { logError: options.logError } : {}),
  });
  router = routerService;
  const uploads = new UploadService({
    store,
    profiles,
    // Both hosts serve the upload route under the per-launch capability, on the page's own origin: the browser
    // shell's loopback host (webHost.ts) and Electron's loupe-app://app (electron/appProtocol.ts).
    bytesRouteBase: `${BYTES_UPLOAD_ROUTE_PREFIX}${content.capability}/`,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  const grants = new FileGrants(options.fileGrants);
  const logError = options.logError ?? ((message: string, error: unknown) => console.error(message, error));
  // The library reads finished jobs through each profile's runtime, which is built below: they meet late.
  let jobsRef: ProfileRuntimes | null = null;
  const library = createLibraryCore({
    store,
    supervisor: new Supervisor(logError),
    background: !headless,
    readJob: async (profileId, jobId) => {
      if (jobsRef === null) throw new Error('the library read a job before the runtimes were built');
      const runtime = await jobsRef.runtime(profileId);
      return readForLibrary(store, runtime.service, profileId, jobId);
    },
    ...(options.library?.backlogPerSecond === undefined
      ? {}
      : { backlogPerSecond: options.library.backlogPerSecond }),
    keep: createKeepHandlers({
      keep: keepServices.keep,
      store,
      bytes: content.bytes,
      pickFolder: options.pickFolder ?? null,
      exportRoot: options.exportRoot ?? null,
      startDrag: options.startDrag ?? null,
      dragDir: libraryDragDir(options.dataDir),
    }),
    keeper: keepServices.keep,
    posters: new PosterStore({ store, thumbs: keepServices.thumbs }),
  });
  const watch: Partial<WatchConfig> = { ...options.watch, ...(headless ? { resumeLimit: 0 } : {}) };
  const jobs = new ProfileRuntimes({
    profiles,
    connect: async (profileId) => {
      // A call on the Demo profile starts its server, whichever profile the window shows.
      if ((await profiles.get(profileId)).builtIn === 'demo') {
        await startDemo({ profiles, vault, demo, store }, profileId);
      }
      return connectionForProfile(profiles, profileId);
    },
    store,
    watch,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    // Submissions an earlier run recorded but never saw answered are taken up again (rule 6).
    ...(headless ? {} : { resumeSubmissionsBefore: Date.parse(options.appInfo.startedAt) }),
    ...(options.isOnline ? { online: options.isOnline } : {}),
    ...(options.logError ? { logError: options.logError } : {}),
    onListed: (profileId, rows) => library.noteListed(profileId, rows),
    ...options.jobs,
  });
  jobsRef = jobs;
  // A job's row is named by its entries: when they are written, the window's row is renamed (not only on
  // the list's next read).
  const namedRows = new NamedRowUpdates({
    store,
    listening: (profileId) => jobs.listening(profileId),
    tell: (profileId, rows) => jobs.tellRows(profileId, rows),
    logError,
  });
  const stopNaming = store.library.indexer.onIndexed((counts) => {
    if (counts.job !== undefined) namedRows.note(counts.job.profileId, counts.job.jobId);
  });
  const batches = new BatchReader({ store });
  const services = {
    connections: createConnectionTester({ profiles }),
    appInfo: options.appInfo,
    linkPolicy: new ExternalLinkPolicy(),
    openExternal: options.openExternal,
    profiles,
    vault,
    demo,
    demoInUse: () => [...store.batchSending.profilesWantedSending(), ...jobs.live()].includes(demoProfileId),
    assets: content.handlers,
    uploads: createUploadHandlers(uploads, grants, { pickFiles: options.pickFiles ?? null }),
    jobs,
    batches,
    store,
    storeFiles,
    assetBytes: content.bytes,
    uploadService: uploads,
    pickFolder: options.pickFolder ?? null,
    exportRoot: options.exportRoot ?? null,
    router: routerService,
    library: library.handlers,
  };
  const handlers: ContractHandlers = createContractHandlers(services);
  const dispatcher = new ContractDispatcher(handlers, {
    // A call made on a profile that does not exist is refused before its handler runs.
    profileExists: (profileId) => profiles.exists(profileId),
    ...(options.logError ? { logError: options.logError } : {}),
  });
  if (!headless) {
    // A Demo profile left active at the last quit starts its server again; a failure leaves the profile
    // selected and the UI says what happened when it asks.
    await syncDemoWithActiveProfile(services).catch((error: unknown) =>
      (options.logError ?? console.error)('The Demo server did not start', error),
    );
    // Uploads in flight when Loupe last stopped come back for the user to resume or dismiss (after the Demo
    // server, so a Demo profile's uploads can reach it).
    await uploads
      .restoreInterrupted()
      .catch((error: unknown) =>
        (options.logError ?? console.error)('Interrupted uploads could not be restored', error),
      );
    // Profiles with batches left sending (or unanswered submissions) get their runtime back at once, whatever
    // profile the window shows: their work goes on where it stopped (rule 12).
    jobs.takeUpWork(profilesWithWork(store));
    // Queued Router runs are followed again; a run whose send was cut off goes again under its own key.
    try {
      routerService.resume();
    } catch (error) {
      (options.logError ?? console.error)('Router runs could not be resumed', error);
    }
    // Keeps left queued at the last quit go on (the queue is the store's keep_state='queued').
    keepServices.keep.resume();
  }
  return {
    dispatcher,
    store,
    storeFiles,
    profiles,
    vault,
    demo,
    handlers,
    content,
    uploads,
    grants,
    bridge: createDropGrantHandlers(grants),
    jobs,
    batches,
    router: routerService,
    library: { ...library, ...keepServices },
    close: async () => {
      stopNaming();
      namedRows.dispose();
      await library.close();
      await keepServices.keep.close();
      await jobs.dispose();
      await routerService.dispose();
      await uploads.close();
      await content.close();
      await demo.stop();
      store.close();
    },
  };
}

/** Profiles whose record says work was left going: batches left sending, submissions still unanswered. */
function profilesWithWork(store: LoupeStore): string[] {
  return [
    ...new Set([...store.batchSending.profilesWantedSending(), ...store.batchItems.profilesWithResumable()]),
  ];
}
