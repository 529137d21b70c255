// The Router in core (model-router-api.md, NOTES part B), for any profile by id: the catalogue, a model's detail
// and schemas, runs kept in the store (sync or queued, sent again only under their own key), cancel, the spend
// meter, and each run's saved media. The contract's models.* handlers use it for the active profile; the CLI uses
// it for the profile it pinned. Every change of a run goes out through onUpdate.
import type {
  ModelCatalogue,
  ModelDetail,
  RouterRunDetail,
  RouterRunSummary,
  RouterSpend,
} from '../../../src-shared/contracts/models';
import { RetryPolicy, systemClock, type Clock } from '../api';
import type { ProfileService } from '../profiles';
import type { LoupeStore, RouterRunRow } from '../store';
import { AnswerRecorder } from './answerRecorder';
import { CatalogueReader, type CatalogueOptions } from './catalogue';
import { RouterMediaFiles, type MediaFile } from './mediaFiles';
import { MediaSaver } from './mediaSaver';
import { ModelFactsReader } from './factsReader';
import { ModelDetailReader } from './modelDetail';
import { OutputHintsReader } from './outputHints';
import { DEFAULT_QUEUE_WATCH, QueueWatcher, type QueueWatchConfig } from './queueWatcher';
import { RouterConnector } from './routerConnector';
import { RouterPaths } from './routerPaths';
import { RunCommands, type NewRun } from './runCommands';
import { RunSender } from './runSender';
import { runDetailOf, runSummaryOf } from './runView';
import { SpendTracker } from './spendTracker';

/** Knobs a host (or a test) may turn; the defaults are what the app uses. */
export interface RouterTuning {
  /** Models per catalogue page (1 to 100). */
  pageSize?: number;
  /** Queue watching: first wait and floor, ceiling, when a silent run is given up. */
  queueWatch?: Partial<QueueWatchConfig>;
  /** The largest answer or linked medium kept on disk. */
  maxMediaBytes?: number;
  /** Sends of one request, the first included, before its failure is recorded (the retry policy's). */
  maxAttempts?: number;
  /** A synchronous run's time limit, and a queued submit's, each with its whole answer. */
  runTimeoutMs?: number;
  submitTimeoutMs?: number;
  /** Sends of a run whose 2xx came and whose answer was lost, the first included, and the first wait between. */
  answerAsks?: number;
  askAgainMs?: number;
  /** The longest a byte answer or a linked medium may go without a byte. */
  stallMs?: number;
  /** The time limit of asking a link what it is, and of reading a model's schema for its media. */
  probeTimeoutMs?: number;
}

export interface RouterServiceDeps {
  store: LoupeStore;
  profiles: ProfileService;
  dataDir: string;
  /** The asset route's base (`loupe-asset://` or `/asset-bytes/<capability>/`): where media URLs point. */
  assetBase: (profileId: string) => string;
  /** False for a headless host (the CLI): no background watching, nothing resumed. */
  background: boolean;
  fetch?: typeof fetch;
  retryPolicy?: RetryPolicy;
  clock?: Clock;
  tuning?: RouterTuning;
  logError?: (message: string, error: unknown) => void;
}

export interface RouterUpdate {
  profileId: string;
  runs: RouterRunSummary[];
  spend: RouterSpend;
}

export interface CallSignal {
  signal?: AbortSignal;
}

const DEFAULT_PAGE_SIZE = 100;
/** Models take minutes; a synchronous answer slower than this is lost, and asked for again under its key. */
const DEFAULT_RUN_TIMEOUT_MS = 10 * 60_000;
/** A submit only admits the run: its handle comes at once. */
const DEFAULT_SUBMIT_TIMEOUT_MS = 30_000;
const DEFAULT_ANSWER_ASKS = 3;
const DEFAULT_ASK_AGAIN_MS = 1000;
const DEFAULT_STALL_MS = 60_000;
const DEFAULT_PROBE_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_MEDIA_BYTES = 2 * 1024 ** 3;
const DEFAULT_RUN_LIST = 100;

export class RouterService {
  /** Saved media by (profile, run, index): the asset route's `router-media` source. */
  readonly media: RouterMediaFiles;
  private readonly catalogueReader: CatalogueReader;
  private readonly detailReader: ModelDetailReader;
  private readonly factsReader: ModelFactsReader;
  private readonly spendTracker: SpendTracker;
  private readonly watcher: QueueWatcher;
  private readonly commands: RunCommands;
  private readonly listeners = new Set<(update: RouterUpdate) => void>();
  private readonly clock: Clock;

  constructor(private readonly deps: RouterServiceDeps) {
    const logError = deps.logError ?? ((message: string, error: unknown) => console.error(message, error));
    this.clock = deps.clock ?? systemClock;
    const paths = new RouterPaths(deps.dataDir);
    const tuning = deps.tuning ?? {};
    const retryPolicy =
      deps.retryPolicy ??
      (tuning.maxAttempts === undefined ? undefined : new RetryPolicy({ maxAttempts: tuning.maxAttempts }));
    const connector = new RouterConnector({
      profiles: deps.profiles,
      paths,
      ...(deps.fetch === undefined ? {} : { fetch: deps.fetch }),
      ...(retryPolicy === undefined ? {} : { retryPolicy }),
      clock: this.clock,
    });
    const notify = (row: RouterRunRow): void => this.emit(row);
    this.media = new RouterMediaFiles(deps.store, paths);
    this.spendTracker = new SpendTracker(deps.store);
    this.catalogueReader = new CatalogueReader({
      store: deps.store,
      connector,
      pageSize: Math.min(100, Math.max(1, tuning.pageSize ?? DEFAULT_PAGE_SIZE)),
      now: () => new Date(this.clock.now()),
    });
    this.detailReader = new ModelDetailReader({ store: deps.store, connector });
    this.factsReader = new ModelFactsReader({ store: deps.store, detail: this.detailReader, logError });
    const probeTimeoutMs = tuning.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
    const recorder = new AnswerRecorder({
      store: deps.store,
      media: new MediaSaver({
        paths,
        maxFileBytes: tuning.maxMediaBytes ?? DEFAULT_MAX_MEDIA_BYTES,
        idleMs: tuning.stallMs ?? DEFAULT_STALL_MS,
        probeTimeoutMs,
        logError,
      }),
      hints: new OutputHintsReader({ store: deps.store, timeoutMs: probeTimeoutMs, logError }),
      spend: this.spendTracker,
      notify,
    });
    const sender = new RunSender({
      store: deps.store,
      connector,
      recorder,
      notify,
      asks: {
        times: Math.max(1, tuning.answerAsks ?? DEFAULT_ANSWER_ASKS),
        firstWaitMs: tuning.askAgainMs ?? DEFAULT_ASK_AGAIN_MS,
      },
      timeouts: {
        runMs: tuning.runTimeoutMs ?? DEFAULT_RUN_TIMEOUT_MS,
        submitMs: tuning.submitTimeoutMs ?? DEFAULT_SUBMIT_TIMEOUT_MS,
      },
    });
    const config = { ...DEFAULT_QUEUE_WATCH, ...tuning.queueWatch };
    this.watcher = new QueueWatcher({
      store: deps.store,
      connector,
      recorder,
      sender,
      notify,
      config,
      now: () => this.clock.now(),
      logError,
    });
    this.commands = new RunCommands({
      store: deps.store,
      connector,
      sender,
      recorder,
      watcher: this.watcher,
      notify,
      background: deps.background,
      firstLookMs: config.minPollMs,
      logError,
    });
  }

  /** Every page of the catalogue, from the store unless `refresh` (or none is kept). */
  async catalogue(profileId: string, options: CatalogueOptions = {}): Promise<ModelCatalogue> {
    const catalogue = await this.catalogueReader.catalogue(profileId, options);
    // The app fills what each model makes behind the list (once; supervised in fill); a headless host asks.
    if (this.deps.background && catalogue.kind === 'catalogue') {
      // fill never rejects (it logs and pauses); the catch is the supervisor's last word all the same.
      this.factsReader.fill(profileId).catch((error: unknown) => this.logFacts(error));
    }
    return catalogue;
  }

  /**
   * Reads what each model of the kept catalogue makes (the ones not known yet), waiting at most `waitMs`:
   * how many are still unknown after. The reads go on in the background if the wait ends first.
   */
  modelFacts(profileId: string, waitMs: number): Promise<number> {
    return this.factsReader.settle(profileId, waitMs);
  }

  private logFacts(error: unknown): void {
    (this.deps.logError ?? console.error)('Router model facts stopped', error);
  }

  /** Models of the kept catalogue whose kind is not known yet. */
  unknownModelFacts(profileId: string): number {
    return this.factsReader.missing(profileId).length;
  }

  /** The model's entry and schemas (its openapi.json revalidated with its ETag). */
  detail(profileId: string, modelId: string, options: CallSignal = {}): Promise<ModelDetail> {
    return this.detailReader.detail(profileId, modelId, options.signal);
  }

  /** Records the run with a fresh key (or the caller's), then sends it. A queued run answers once admitted. */
  async run(profileId: string, request: NewRun, options: CallSignal = {}): Promise<RouterRunDetail> {
    return this.view(await this.commands.start(profileId, request, options.signal));
  }

  /** Sends the run again under its own key (not sent, answer lost, or a retryable refusal). */
  async retryRun(profileId: string, runId: string, options: CallSignal = {}): Promise<RouterRunDetail> {
    return this.view(await this.commands.retry(profileId, runId, options.signal));
  }

  /** The profile's runs, newest first. */
  runs(profileId: string, options: { limit?: number } = {}): RouterRunSummary[] {
    return this.deps.store.routerRuns
      .list(profileId, options.limit ?? DEFAULT_RUN_LIST)
      .rows.map(runSummaryOf);
  }

  getRun(profileId: string, runId: string): RouterRunDetail {
    return this.view(this.commands.require(profileId, runId));
  }

  /** One look at a queued run now, for a host that does not watch in the background (the CLI's `get`). */
  async refreshRun(profileId: string, runId: string, options: CallSignal = {}): Promise<RouterRunDetail> {
    return this.view(await this.commands.refresh(profileId, runId, options.signal));
  }

  /** Follows a queued run until it ends (the CLI's --wait). */
  async waitForRun(profileId: string, runId: string, options: CallSignal = {}): Promise<RouterRunDetail> {
    return this.view(await this.commands.waitFor(profileId, runId, options.signal));
  }

  async cancelRun(profileId: string, runId: string, options: CallSignal = {}): Promise<RouterRunDetail> {
    return this.view(await this.commands.cancel(profileId, runId, options.signal));
  }

  spend(profileId: string): RouterSpend {
    return this.spendTracker.spend(profileId);
  }

  /** Where a saved medium is on disk (the CLI copies it out), or null. */
  mediaFile(profileId: string, runId: string, index: number): MediaFile | null {
    return this.media.locate(profileId, runId, index);
  }

  onUpdate(listener: (update: RouterUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The app's start: queued runs followed again, interrupted sends sent again under their keys, media whose saving
   * was cut off fetched again.
   */
  resume(): void {
    if (!this.deps.background) return;
    this.commands.resume(this.clock.now());
    this.commands
      .resumeMedia()
      .catch((error: unknown) =>
        (this.deps.logError ?? console.error)('Router media could not be fetched again', error),
      );
  }

  /** Stops the background work; resolves once the model facts reads in flight have ended. Never rejects. */
  async dispose(): Promise<void> {
    this.commands.dispose();
    this.watcher.dispose();
    this.listeners.clear();
    await this.factsReader.stop();
  }

  private view(row: RouterRunRow): RouterRunDetail {
    return runDetailOf(row, { assetBase: this.deps.assetBase });
  }

  private emit(row: RouterRunRow): void {
    if (this.listeners.size === 0) return;
    const update = { profileId: row.profileId, runs: [runSummaryOf(row)], spend: this.spend(row.profileId) };
    for (const listener of this.listeners) {
      try {
        listener(update);
      } catch (error) {
        (this.deps.logError ?? console.error)('A Router update listener failed', error);
      }
    }
  }
}
