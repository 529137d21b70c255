// Records what the Router answered for a run, whichever road it came by (a synchronous run, a queued run's
// result read): the JSON output and the media it links to, or the byte answer saved to disk, with the headers'
// disclosures and costs; or the failure, in words. A failure whose answer never arrived keeps the run `sent`:
// it may have run, and only the same key may go again.
import type { HttpClient, RunMeta, RunResult } from '../api';
import { isApiError } from '../api';
import type { LoupeStore, RouterRunRow, StoredRunMeta } from '../store';
import { boundedJson } from './boundedJson';
import { TooLargeError } from './cappedFile';
import type { MediaSaver } from './mediaSaver';
import { routerRunErrorOf } from './runErrors';
import type { SpendTracker } from './spendTracker';

export interface AnswerRecorderDeps {
  store: LoupeStore;
  media: MediaSaver;
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

  async recordAnswer(
    row: RouterRunRow,
    result: RunResult,
    anonymous: HttpClient | null,
    signal?: AbortSignal,
  ): Promise<RouterRunRow> {
    const { store, media, spend, notify } = this.deps;
    const meta = storedMetaOf(result.meta, row.meta);
    spend.recordMeta(row.profileId, result.meta);
    if (result.kind === 'bytes') {
      try {
        const saved = await media.saveAnswer(row, result.contentType, result.body, signal);
        return this.done(
          store.routerRuns.recordCompleted(row.id, {
            output: null,
            meta,
            requestId: result.meta.requestId,
            media: [saved],
          }),
        );
      } catch (error) {
        if (signal?.aborted === true) throw error;
        return this.unsaved(row, meta, error);
      }
    }
    const output = boundedJson(result.data);
    if (output === null) return this.unsaved(row, meta, new TooLargeError(0));
    const planned = media.plan(row, output);
    const recorded = store.routerRuns.recordCompleted(row.id, {
      output,
      meta,
      requestId: result.meta.requestId,
      media: planned,
    });
    if (planned.length === 0) return this.done(recorded);
    // The output is on disk first: a crash while its media download still leaves the paid answer kept.
    notify(recorded);
    const saved = await media.saveLinks(recorded, output, planned, anonymous, signal);
    return this.done(store.routerRuns.setMedia(row.id, saved));
  }

  /** Media an earlier run of the app was still saving when it stopped: fetched now (links may expire soon). */
  async resumeMedia(
    row: RouterRunRow,
    anonymous: HttpClient | null,
    signal?: AbortSignal,
  ): Promise<RouterRunRow> {
    if (row.output === null) return row;
    const saved = await this.deps.media.saveLinks(row, row.output, row.media, anonymous, signal);
    return this.done(this.deps.store.routerRuns.setMedia(row.id, saved));
  }

  /** A refusal, a failure, or an answer that never came (the run stays `sent`: the same key may go again). */
  recordError(row: RouterRunRow, error: unknown): RouterRunRow {
    const runError = routerRunErrorOf(error);
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

  /** A paid answer that could not be kept: said so, and retryable where the same key would bring it again. */
  private unsaved(row: RouterRunRow, meta: StoredRunMeta, error: unknown): RouterRunRow {
    const tooLarge = error instanceof TooLargeError;
    const runError = {
      status: null,
      bucket: null,
      message: tooLarge
        ? 'The Router answered, but the answer is larger (or nested deeper) than Loupe keeps, so it was not saved.'
        : 'The Router answered, but Loupe could not save the answer. Retry: the same key brings the answer again without a second charge.',
      detail: error instanceof Error ? error.message.slice(0, 500) : null,
      upstreamStatus: null,
      validation: [],
      retryable: !tooLarge,
    };
    return this.done(
      this.deps.store.routerRuns.recordOutcome(row.id, { state: 'failed', error: runError, meta }),
    );
  }

  private done(row: RouterRunRow): RouterRunRow {
    this.deps.notify(row);
    return row;
  }
}
