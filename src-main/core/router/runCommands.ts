// What can be done to a run: start one (written with a fresh key before it is sent), send one again under its own
// key, cancel a queued one through its cancel_url, wait for one. Each works on one profile's runs: a run id of
// another profile is no run. Only one send of a run is ever in flight.
import { randomUUID } from 'node:crypto';
import {
  modelIdSchema,
  routerRunModeSchema,
  routerRunOptionsSchema,
  type RouterRunMode,
  type RouterRunOptions,
} from '../../../src-shared/contracts/models';
import { abortableSleep, isAnswerLost, type RouterClient } from '../api';
import { DomainError } from '../errors';
import { isStoreError, type LoupeStore, type RouterRunRow } from '../store';
import { boundedJson } from './boundedJson';
import type { AnswerRecorder } from './answerRecorder';
import type { QueueWatcher } from './queueWatcher';
import type { RouterConnector } from './routerConnector';
import { runErrorOf } from './runView';
import { isAnswerLostRow, type RunSender } from './runSender';

export interface NewRun {
  modelId: string;
  /** The model's native JSON input. */
  input: unknown;
  mode: RouterRunMode;
  options?: RouterRunOptions;
  /** The caller's own key (the CLI's --idempotency-key); a fresh one otherwise. */
  idempotencyKey?: string;
}

export interface RunCommandsDeps {
  store: LoupeStore;
  connector: RouterConnector;
  sender: RunSender;
  recorder: AnswerRecorder;
  watcher: QueueWatcher;
  notify: (row: RouterRunRow) => void;
  /** False for a headless host (the CLI): nothing is followed in the background. */
  background: boolean;
  /** The first look at a queued run after it is admitted. */
  firstLookMs: number;
  logError: (message: string, error: unknown) => void;
  newId?: () => string;
}

/** The Router takes a few MiB (8 in the simulator); past this Loupe does not even write it down. */
export const MAX_INPUT_CHARS = 16 * 1024 * 1024;
/** A sent run older than this has no idempotency record left to replay from (NOTES part B: 24 hours). */
const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/**
 * PUT cancel_url. Its status line is the answer: a body lost after a 2xx still means the ask was taken
 * (CANCELLATION_REQUESTED is the documented 2xx), after a 409 that the run was already over.
 */
async function askCancel(
  router: RouterClient,
  cancelUrl: string,
  signal: AbortSignal | undefined,
): Promise<'requested' | 'not_requested'> {
  try {
    const answer = await router.cancel({ cancel_url: cancelUrl }, signal === undefined ? {} : { signal });
    return answer.status === 'CANCELLATION_REQUESTED' ? 'requested' : 'not_requested';
  } catch (error) {
    if (isAnswerLost(error)) return error.status === 409 ? 'not_requested' : 'requested';
    throw error;
  }
}

/**
 * Whether a run Loupe last saw waiting has reached its provider. The cancel's 202 is the same either way, and a
 * headless host's record may be minutes old: one status read says which cancel this is (never charged, or may
 * be). A read that fails says nothing, and the cancel goes on.
 */
async function isDispatched(
  router: RouterClient,
  statusUrl: string,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  try {
    const read = await router.status({ status_url: statusUrl }, signal === undefined ? {} : { signal });
    return read.status.status === 'IN_PROGRESS';
  } catch (error) {
    if (signal?.aborted === true) throw error;
    return false;
  }
}

export function notFound(): DomainError {
  return new DomainError('not_found', 'There is no such Router run for this profile.', { status: 404 });
}

export class RunCommands {
  private readonly inFlight = new Set<string>();
  private readonly stop = new AbortController();
  private readonly newId: () => string;

  constructor(private readonly deps: RunCommandsDeps) {
    this.newId = deps.newId ?? randomUUID;
  }

  async start(profileId: string, request: NewRun, signal?: AbortSignal): Promise<RouterRunRow> {
    const modelId = modelIdSchema.safeParse(request.modelId);
    if (!modelId.success)
      throw new DomainError('invalid_model_id', 'A model id is {provider}/{model} in lowercase slugs.');
    const mode = routerRunModeSchema.safeParse(request.mode);
    if (!mode.success) throw new DomainError('invalid_mode', 'A run is sync or queued.');
    const options = routerRunOptionsSchema.safeParse(request.options ?? {});
    if (!options.success)
      throw new DomainError('invalid_options', 'The run’s provider options are not valid.');
    const input = boundedJson(request.input);
    if (input === null)
      throw new DomainError('invalid_input', 'The input is not a JSON document Loupe can send.');
    if (JSON.stringify(input).length > MAX_INPUT_CHARS) {
      throw new DomainError(
        'input_too_large',
        'The input is larger than the Router accepts (16 MiB at most).',
      );
    }
    // The connection first: a profile without a Router, or a Demo server not running, records no run at all.
    await this.deps.connector.clients(profileId);
    const key = this.keyFor(profileId, request.idempotencyKey);
    const row = this.deps.store.routerRuns.insert({
      id: this.newId(),
      profileId,
      modelId: modelId.data,
      mode: mode.data,
      idempotencyKey: key,
      input,
      options: options.data,
    });
    this.deps.notify(row);
    return this.deliver(row, signal);
  }

  /** Sends a run again under its own key: a run not sent, one whose answer was lost, or a retryable refusal. */
  async retry(profileId: string, runId: string, signal?: AbortSignal): Promise<RouterRunRow> {
    const row = this.require(profileId, runId);
    const error = runErrorOf(row);
    const sendable =
      row.state === 'pending' ||
      row.state === 'sent' ||
      (row.state === 'failed' && error?.retryable === true);
    if (!sendable) {
      throw new DomainError(
        'not_retryable',
        TERMINAL.has(row.state)
          ? 'This run cannot be sent again as it is; run it again (a new run with a new key).'
          : 'This run is in the Router’s queue; Loupe is following it.',
      );
    }
    return this.deliver(row, signal);
  }

  /** Asks the Router to cancel a queued run through the cancel_url it gave, then records what it says. */
  async cancel(profileId: string, runId: string, signal?: AbortSignal): Promise<RouterRunRow> {
    const row = this.require(profileId, runId);
    if (row.mode !== 'queued') {
      throw new DomainError(
        'not_cancellable',
        'A synchronous run cannot be cancelled: it ends with its request.',
      );
    }
    if (TERMINAL.has(row.state)) return row;
    if (row.queueLinks === null) {
      throw new DomainError(
        'not_cancellable',
        'The run has not been admitted to the queue yet; try again in a moment.',
      );
    }
    const { router } = await this.deps.connector.clients(profileId);
    const running =
      row.state === 'in_progress' || (await isDispatched(router, row.queueLinks.statusUrl, signal));
    if ((await askCancel(router, row.queueLinks.cancelUrl, signal)) === 'requested') {
      this.deps.notify(this.deps.store.routerRuns.markCancelRequested(row.id, running));
    }
    // ALREADY_COMPLETED is an answer, not a failure: the next look collects the result either way.
    const step = await this.deps.watcher.step(row.id, signal);
    const latest = step?.row ?? this.require(profileId, runId);
    if (this.deps.background && !TERMINAL.has(latest.state)) this.deps.watcher.poke(row.id);
    return latest;
  }

  /** Follows a run until it ends (the CLI's --wait): the watcher's own looks, in this caller's time. */
  async waitFor(profileId: string, runId: string, signal?: AbortSignal): Promise<RouterRunRow> {
    for (;;) {
      const row = this.require(profileId, runId);
      if (TERMINAL.has(row.state) || row.mode !== 'queued') return row;
      const step = await this.deps.watcher.step(row.id, signal);
      if (step === null) throw notFound();
      if (step.nextDelayMs === null) return step.row;
      await abortableSleep(step.nextDelayMs, signal);
    }
  }

  /** One look at a queued run now (a headless host's "get"). */
  async refresh(profileId: string, runId: string, signal?: AbortSignal): Promise<RouterRunRow> {
    const row = this.require(profileId, runId);
    if (TERMINAL.has(row.state) || row.mode !== 'queued' || row.queueLinks === null) return row;
    return (await this.deps.watcher.step(row.id, signal))?.row ?? row;
  }

  /**
   * When the app starts: queued runs are followed again, and a run whose send was cut off (`sent`, no error: the
   * app stopped before its answer) goes again under its key while the Router can still replay it.
   */
  resume(now: number): void {
    for (const row of this.deps.store.routerRuns.open().rows) {
      // Cut off before any answer (no error), or taken by the Router with its answer lost: the key replays it.
      const interrupted = row.state === 'sent' && (row.error === null || isAnswerLostRow(row));
      if (row.mode === 'queued' && (row.state === 'in_queue' || row.state === 'in_progress' || interrupted)) {
        this.deps.watcher.watch(row.id);
      } else if (row.mode === 'sync' && interrupted && now - Date.parse(row.createdAt) < REPLAY_WINDOW_MS) {
        this.deliver(row).catch((error: unknown) =>
          this.deps.logError(`Router run ${row.id} could not be resumed`, error),
        );
      }
    }
  }

  /** Paid media whose saving an earlier run of the app did not finish. */
  async resumeMedia(): Promise<void> {
    for (const row of this.deps.store.routerRuns.savingMedia().rows) {
      try {
        const clients = await this.deps.connector.clients(row.profileId);
        await this.deps.recorder.resumeMedia(row, clients, this.stop.signal);
      } catch (error) {
        if (this.stop.signal.aborted) return;
        this.deps.logError(`The media of Router run ${row.id} could not be saved`, error);
      }
    }
  }

  dispose(): void {
    this.stop.abort();
  }

  require(profileId: string, runId: string): RouterRunRow {
    try {
      const row = this.deps.store.routerRuns.getForProfile(profileId, runId);
      if (row === null) throw notFound();
      return row;
    } catch (error) {
      if (isStoreError(error, 'corrupt_row')) throw notFound();
      throw error;
    }
  }

  private keyFor(profileId: string, given: string | undefined): string {
    if (given === undefined) return randomUUID();
    if (given.length < 1 || given.length > 255) {
      throw new DomainError('invalid_idempotency_key', 'An Idempotency-Key is 1 to 255 characters.');
    }
    const existing = this.deps.store.routerRuns.findByKey(given);
    if (existing !== null) {
      // The same key is the same logical call: the caller sends that run again rather than a second one.
      const mine = existing.profileId === profileId;
      throw new DomainError(
        'idempotency_key_used',
        'A run with this Idempotency-Key is already recorded; retry that run.',
        {
          ...(mine ? { details: { runId: existing.id } } : {}),
        },
      );
    }
    return given;
  }

  private async deliver(row: RouterRunRow, signal?: AbortSignal): Promise<RouterRunRow> {
    if (this.inFlight.has(row.id)) {
      throw new DomainError('run_in_flight', 'This run is being sent right now; wait for its answer.');
    }
    this.inFlight.add(row.id);
    const stopped = signal === undefined ? this.stop.signal : AbortSignal.any([signal, this.stop.signal]);
    try {
      const sent = await this.deps.sender.send(row, stopped);
      if (
        sent.mode === 'queued' &&
        this.deps.background &&
        !TERMINAL.has(sent.state) &&
        sent.queueLinks !== null
      ) {
        this.deps.watcher.watch(sent.id, this.deps.firstLookMs);
      }
      return sent;
    } finally {
      this.inFlight.delete(row.id);
    }
  }
}
