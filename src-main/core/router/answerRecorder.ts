// Records what the Router answered for a run, whichever road it came by (a synchronous run, a queued run's
// result read): the JSON output and the media it links to, or the byte answer saved to disk, with the headers'
// disclosures and costs; or the failure, in words. An answer that never arrived whole keeps the run `sent`: when
// the Router's 2xx came (it took the run) or when nothing came (it may have), only the same key may go again.
import type { RunMeta, RunResult } from '../api';
import { AnswerLostError, isAnswerLost, isApiError } from '../api';
import type { LoupeStore, RouterRunRow, StoredRunMeta } from '../store';
import { boundedJson } from './boundedJson';
import { TooLargeError } from './cappedFile';
import type { MediaSaver } from './mediaSaver';
import type { OutputHintsReader } from './outputHints';
import type { RouterClients } from './routerConnector';
import { routerRunErrorOf, tooLargeError } from './runErrors';
import type { SpendTracker } from './spendTracker';

export interface AnswerRecorderDeps {
  store: LoupeStore;
  media: MediaSaver;
  /** What the model says it makes, read when its output links something nothing else explains. */
  hints: OutputHintsReader;
  spend: SpendTracker;
  /** Every change of a run (and the spend it may have moved) goes out through here. */
  notify: (row: RouterRunRow) => void;
}

const maxDisclosures = 100;
const maxDisclosureLength = 200;

/** The headers' facts, bounded (header text is the service's); a replay keeps what an earlier answer said. */
export function storedMetaOf(meta: RunMeta, previous: StoredRunMeta | null = null): StoredRunMeta {
  const spendGiven = Object.values(meta.committedSpend).some((value) => value !== null);
  return {
    creditsUsed: meta.creditsUsed ?? previous?.creditsUsed ?? null,
    droppedParams: meta.droppedParams
      .slice(0, maxDisclosures)
      .map((name) => name.slice(0, maxDisclosureLength)),
    fallbackProvider: meta.fallbackProvider?.slice(0, maxDisclosureLength) ?? null,
    replayed: meta.replayed ?? previous?.replayed ?? false,
    committedSpend: spendGiven
      ? meta.committedSpend
      : (previous?.committedSpend ?? { limit: null, current: null, remaining: null }),
  };
}

export class AnswerRecorder {
  constructor(private readonly deps: AnswerRecorderDeps) {}

  /** `clients`: the Router (for the model's schema) and the anonymous client (for the links); null offline. */
  async recordAnswer(
    row: RouterRunRow,
    result: RunResult,
    clients: RouterClients | null,
    signal?: AbortSignal,
  ): Promise<RouterRunRow> {
    const { store, media, spend, notify } = this.deps;
    const meta = storedMetaOf(result.meta, row.meta);
    spend.recordMeta(row.profileId, result.meta);
    if (result.kind === 'bytes') return this.recordBytes(row, result, meta, signal);
    const output = boundedJson(result.data);
    if (output === null) return this.unsaved(row, meta);
    let planned = media.plan(row, output, null);
    let recorded = store.routerRuns.recordCompleted(row.id, {
      output,
      meta,
      requestId: result.meta.requestId,
      media: planned,
    });
    if (planned.length === 0) return this.done(recorded);
    // The output is on disk first: a crash while its media download still leaves the paid answer kept.
    notify(recorded);
    if (media.needsHints(planned) && clients !== null) {
      // Links nothing in the output explains: what the model says it makes decides which to keep.
      const hints = await this.deps.hints.read(row.profileId, row.modelId, clients.router, signal);
      planned = media.plan(row, output, hints);
      recorded = store.routerRuns.setMedia(row.id, planned);
      if (planned.length === 0) return this.done(recorded);
      notify(recorded);
    }
    const saved = await media.saveLinks(recorded, output, planned, clients?.anonymous ?? null, signal);
    return this.done(store.routerRuns.setMedia(row.id, saved));
  }

  /** Media an earlier run of the app was still saving when it stopped: fetched now (links may expire soon). */
  async resumeMedia(
    row: RouterRunRow,
    clients: RouterClients | null,
    signal?: AbortSignal,
  ): Promise<RouterRunRow> {
    if (row.output === null) return row;
    const saved = await this.deps.media.saveLinks(
      row,
      row.output,
      row.media,
      clients?.anonymous ?? null,
      signal,
    );
    return this.done(this.deps.store.routerRuns.setMedia(row.id, saved));
  }

  /**
   * A refusal, a failure, or an answer that never came whole. The last keeps the run `sent` (the same key may go
   * again): after a 2xx with what its headers said (credits, request id), else with nothing more.
   */
  recordError(row: RouterRunRow, error: unknown): RouterRunRow {
    const runError = routerRunErrorOf(error);
    if (isAnswerLost(error)) {
      this.deps.spend.recordMeta(row.profileId, error.meta);
      return this.done(
        this.deps.store.routerRuns.recordOutcome(row.id, {
          state: 'sent',
          error: runError,
          meta: storedMetaOf(error.meta, row.meta),
          requestId: error.meta.requestId,
        }),
      );
    }
    if (isApiError(error)) this.deps.spend.recordHeaders(row.profileId, error.headers);
    const lost = isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
    const replayed = isApiError(error) ? error.headers['idempotent-replayed'] : undefined;
    const meta: StoredRunMeta | null =
      replayed === undefined || row.meta !== null
        ? row.meta
        : {
            creditsUsed: null,
            droppedParams: [],
            fallbackProvider: null,
            replayed: replayed.trim().toLowerCase() === 'true',
            committedSpend: { limit: null, current: null, remaining: null },
          };
    const state = lost ? 'sent' : runError.bucket === 'cancelled' ? 'cancelled' : 'failed';
    const requestId = isApiError(error) ? error.requestId : null;
    return this.done(
      this.deps.store.routerRuns.recordOutcome(row.id, { state, error: runError, meta, requestId }),
    );
  }

  /** A byte answer streamed to disk; bytes that stop coming (cut, stalled) or never come are a lost answer. */
  private async recordBytes(
    row: RouterRunRow,
    result: Extract<RunResult, { kind: 'bytes' }>,
    meta: StoredRunMeta,
    signal: AbortSignal | undefined,
  ): Promise<RouterRunRow> {
    try {
      const saved = await this.deps.media.saveAnswer(row, result.contentType, result.body, signal);
      if (saved.sizeBytes === 0) {
        return this.recordError(
          row,
          new AnswerLostError(200, result.meta, new Error('The answer was empty.')),
        );
      }
      return this.done(
        this.deps.store.routerRuns.recordCompleted(row.id, {
          output: null,
          meta,
          requestId: result.meta.requestId,
          media: [saved],
        }),
      );
    } catch (error) {
      if (signal?.aborted === true) throw error;
      if (error instanceof TooLargeError) return this.unsaved(row, meta);
      return this.recordError(row, new AnswerLostError(200, result.meta, error));
    }
  }

  /** A paid answer larger than Loupe keeps: said so; sending it again would only replay the same answer. */
  private unsaved(row: RouterRunRow, meta: StoredRunMeta): RouterRunRow {
    return this.done(
      this.deps.store.routerRuns.recordOutcome(row.id, {
        state: 'failed',
        error: tooLargeError(null, null),
        meta,
      }),
    );
  }

  private done(row: RouterRunRow): RouterRunRow {
    this.deps.notify(row);
    return row;
  }
}
