// Sends a recorded run under its own Idempotency-Key: marked sent on disk (synced) first, then the request, then
// the answer recorded. A synchronous run's answer is its output; a queued run's is its handle (the queue's URLs,
// kept in main), after which the watcher follows it. Sending again is always under the same key, so a lost answer
// costs a replay, never a second run: when the Router's 2xx came and its body did not (cut, not JSON, empty, too
// slow), the sender asks again at once, a few times, under that key.
import { routerRunOptionsSchema } from '../../../src-shared/contracts/models';
import { abortableSleep, type SubmittedRun } from '../api';
import type { LoupeStore, RouterRunRow } from '../store';
import type { AnswerRecorder } from './answerRecorder';
import { storedMetaOf } from './answerRecorder';
import type { RouterConnector } from './routerConnector';
import { runErrorOf } from './runView';

export interface AnswerAsks {
  /** Sends of a run whose answer the Router took and lost, the first included. */
  times: number;
  /** The wait before the second; each later one waits twice as long. */
  firstWaitMs: number;
}

export interface RunSenderDeps {
  store: LoupeStore;
  connector: RouterConnector;
  recorder: AnswerRecorder;
  notify: (row: RouterRunRow) => void;
  asks: AnswerAsks;
  /** Each write's time limit, its whole answer included: a synchronous run (models take minutes), a submit. */
  timeouts: { runMs: number; submitMs: number };
}

/** The Router took the run (its 2xx came) and the answer did not: the one case asked again at once. */
export function isAnswerLostRow(row: RouterRunRow): boolean {
  return row.state === 'sent' && runErrorOf(row)?.outcome === 'answer_lost';
}

const maxRequestIdLength = 100;

/** The run's options as RouterClient takes them; a damaged record sends none (native dispatch). */
function clientOptions(row: RouterRunRow) {
  const parsed = routerRunOptionsSchema.safeParse(row.options);
  const options = parsed.success ? parsed.data : {};
  return {
    ...(options.modelProvider === undefined ? {} : { modelProvider: options.modelProvider }),
    ...(options.strictMode === undefined ? {} : { strictMode: options.strictMode }),
    idempotencyKey: row.idempotencyKey,
    // Fallback is declared on the synchronous route only, and only `false` turns it off.
    fallbackOff: options.fallback === false,
  };
}

export class RunSender {
  constructor(private readonly deps: RunSenderDeps) {}

  /** Sends the run, and asks again under its key while the Router's answer to it is lost. */
  async send(row: RouterRunRow, signal?: AbortSignal): Promise<RouterRunRow> {
    let current = await this.sendOnce(row, signal);
    const { times, firstWaitMs } = this.deps.asks;
    for (let ask = 1; ask < times && isAnswerLostRow(current); ask++) {
      await abortableSleep(firstWaitMs * 2 ** (ask - 1), signal);
      current = await this.sendOnce(current, signal);
    }
    return current;
  }

  private async sendOnce(row: RouterRunRow, signal?: AbortSignal): Promise<RouterRunRow> {
    let leaves = 0;
    // Connecting first: a profile that cannot be reached (the Demo server stopped) leaves the run as it was.
    const clients = await this.deps.connector.clients(row.profileId, { onAttempt: () => (leaves += 1) });
    const sent = this.deps.store.routerRuns.markSent(row.id);
    this.deps.notify(sent);
    const { fallbackOff, ...options } = clientOptions(row);
    const call = signal === undefined ? {} : { signal };
    try {
      if (row.mode === 'sync') {
        const result = await clients.router.run(row.modelId, row.input, {
          ...options,
          ...(fallbackOff ? { fallbackProvider: 'false' } : {}),
          timeoutMs: this.deps.timeouts.runMs,
          ...call,
        });
        return await this.deps.recorder.recordAnswer(sent, result, clients, signal);
      }
      return this.admitted(
        sent,
        await clients.router.submitRun(row.modelId, row.input, {
          ...options,
          timeoutMs: this.deps.timeouts.submitMs,
          ...call,
        }),
      );
    } catch (error) {
      // Closing Loupe mid-send leaves the run `sent`: the next start sends it again under its key.
      if (signal?.aborted === true) throw error;
      return this.deps.recorder.recordError(sent, error);
    } finally {
      // markSent counted the first; the retry policy's own resends under the same key are added here.
      this.deps.store.routerRuns.addAttempts(row.id, leaves - 1);
    }
  }

  private admitted(row: RouterRunRow, submitted: SubmittedRun): RouterRunRow {
    const { handle, meta } = submitted;
    const recorded = this.deps.store.routerRuns.recordAdmitted(row.id, {
      // COMPLETED at admission (a replayed handle of a finished run): the watcher's next read collects it.
      state: handle.status === 'IN_QUEUE' || handle.status === 'unknown' ? 'in_queue' : 'in_progress',
      queueRequestId: handle.request_id.slice(0, maxRequestIdLength),
      queuePosition:
        handle.queue_position !== null &&
        Number.isInteger(handle.queue_position) &&
        handle.queue_position >= 0
          ? handle.queue_position
          : null,
      links: { statusUrl: handle.status_url, responseUrl: handle.response_url, cancelUrl: handle.cancel_url },
      meta: storedMetaOf(meta, row.meta),
      requestId: meta.requestId?.slice(0, maxRequestIdLength) ?? null,
    });
    this.deps.notify(recorded);
    return recorded;
  }
}
