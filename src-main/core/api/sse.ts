// Reader of a job's SSE stream (NOTES "Stream lifecycle", "Reference SDK behaviour"). Polling is the
// truth and this is a hint (ARCHITECTURE rule 4), so the reader never decides a job's fate alone:
//  - a stream that ends without a terminal status is followed by one poll, then a reconnect ~100 ms later;
//  - 45 s without a byte (keepalive comments come every 15 s) means the connection is dead;
//  - 501 stops streaming for good; 429 too_many_streams waits for Retry-After (at most 60 s);
//  - there is no resume (no ids, no Last-Event-ID): frames missed while away are simply lost.
import { createParser } from 'eventsource-parser';
import { fullJitterDelay } from './backoff';
import { BODY_LIMITS } from './bodyLimits';
import { abortableSleep, type Sleep } from './connection';
import { ApiError } from './errors';
import type { HttpClient } from './http';
import type { HttpResponse } from './httpResponse';
import { isTerminalJobStatus, type JobStatus } from './schemas/job';
import { decodeJobEvent, type JobStreamEvent } from './sseEvents';

export type { JobStreamEvent } from './sseEvents';

export type StreamEnd =
  | { reason: 'terminal'; status: JobStatus }
  /** The stream ended early and the follow-up poll found the job terminal. */
  | { reason: 'terminal-by-poll' }
  /** 501: this surface offers no stream; keep polling. */
  | { reason: 'not-supported' }
  | { reason: 'aborted' }
  /** Refused (401, 403, 404) or too many failed connects in a row; keep polling. */
  | { reason: 'failed'; error: ApiError };

export interface JobEventStreamOptions {
  http: HttpClient;
  /** The job's `urls.events`. */
  url: string;
  onEvent: (event: JobStreamEvent) => void;
  /** Polls the job once; resolves true when it is terminal. Called each time the stream ends early. */
  poll: () => Promise<boolean>;
  signal?: AbortSignal;
  keepaliveTimeoutMs?: number;
  reconnectDelayMs?: number;
  maxRetryAfterMs?: number;
  /** How long to keep reading after a terminal status for the outputs flushed behind it. */
  terminalGraceMs?: number;
  connectTimeoutMs?: number;
  maxConsecutiveFailures?: number;
  sleep?: Sleep;
  random?: () => number;
}

const fallbackTooManyStreamsWaitMs = 5_000;

export async function followJobEvents(options: JobEventStreamOptions): Promise<StreamEnd> {
  const sleep = options.sleep ?? abortableSleep;
  const maxFailures = options.maxConsecutiveFailures ?? 5;
  let failures = 0;
  try {
    for (;;) {
      if (isAborted(options.signal)) return { reason: 'aborted' };
      let delayMs: number;
      try {
        const { terminal, sawEvents } = await readOnce(options);
        if (terminal !== null) return { reason: 'terminal', status: terminal };
        // A stream that closes before saying anything is treated as a failure, so it backs off.
        failures = sawEvents ? 0 : failures + 1;
        if (await pollQuietly(options)) return { reason: 'terminal-by-poll' };
        delayMs = (options.reconnectDelayMs ?? 100) + backoffFor(failures, options);
      } catch (error) {
        if (isAborted(options.signal)) return { reason: 'aborted' };
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 501) return { reason: 'not-supported' };
        if (error.status === 401 || error.status === 403 || error.status === 404)
          return { reason: 'failed', error };
        if (error.status === 429) {
          delayMs = Math.min(
            error.retryAfterMs ?? fallbackTooManyStreamsWaitMs,
            options.maxRetryAfterMs ?? 60_000,
          );
        } else {
          failures++;
          if (failures >= maxFailures) return { reason: 'failed', error };
          delayMs = backoffFor(failures, options);
        }
      }
      await sleep(delayMs, options.signal);
    }
  } catch (error) {
    if (isAborted(options.signal)) return { reason: 'aborted' };
    throw error;
  }
}

/** A function, not an inline check, so TypeScript does not keep a narrowing across awaits. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

function backoffFor(failures: number, options: JobEventStreamOptions): number {
  if (failures === 0) return 0;
  return fullJitterDelay(failures - 1, { baseMs: 500, capMs: 10_000, random: options.random ?? Math.random });
}

async function pollQuietly(options: JobEventStreamOptions): Promise<boolean> {
  try {
    return await options.poll();
  } catch {
    // A failed poll says nothing about the job; the watcher's own polling will try again.
    return false;
  }
}

interface ReadOutcome {
  terminal: JobStatus | null;
  sawEvents: boolean;
}

/** One connection: connect, read events until the stream ends or goes silent. */
async function readOnce(options: JobEventStreamOptions): Promise<ReadOutcome> {
  const attempt = new AbortController();
  const signal =
    options.signal === undefined ? attempt.signal : AbortSignal.any([options.signal, attempt.signal]);
  const response = await options.http.send({
    family: 'v2',
    method: 'GET',
    target: options.url,
    headers: { accept: 'text/event-stream', 'cache-control': 'no-cache' },
    signal,
    retry: false,
    timeoutMs: options.connectTimeoutMs ?? 30_000,
  });
  return consume(response, attempt, options);
}

async function consume(
  response: HttpResponse,
  attempt: AbortController,
  options: JobEventStreamOptions,
): Promise<ReadOutcome> {
  const outcome: ReadOutcome = { terminal: null, sawEvents: false };
  const keepaliveMs = options.keepaliveTimeoutMs ?? 45_000;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  const armSilenceTimer = (ms: number): void => {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(
      () => attempt.abort(new DOMException('The event stream went silent', 'AbortError')),
      ms,
    );
  };
  const overflow = { seen: false };
  const parser = createParser({
    onEvent: (message) => {
      const event = decodeJobEvent(message, response.url);
      outcome.sawEvents = true;
      if (event.type === 'status' && isTerminalJobStatus(event.status)) outcome.terminal = event.status;
      options.onEvent(event);
    },
    // A line (or an event's data lines together) that never ends would grow without bound: the parser stops
    // at the limit (counted in decoded characters) and this connection is given up like a failed one.
    maxBufferSize: BODY_LIMITS.sseEvent,
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') overflow.seen = true;
    },
  });
  const reader = response.stream().getReader();
  const decoder = new TextDecoder();
  try {
    armSilenceTimer(keepaliveMs);
    for (;;) {
      const chunk = await readChunk(reader, options.signal);
      if (chunk === null) break;
      // Any byte, a keepalive comment included, proves the connection alive; after a terminal status
      // only the short grace for trailing outputs remains.
      armSilenceTimer(
        outcome.terminal === null ? keepaliveMs : Math.min(keepaliveMs, options.terminalGraceMs ?? 5_000),
      );
      // Outside the read's try: an exception from the caller's onEvent is the caller's, not a dropped stream.
      parser.feed(decoder.decode(chunk, { stream: true }));
      if (overflow.seen)
        throw ApiError.tooLarge('sseEvent', BODY_LIMITS.sseEvent, response.status, response.requestId);
    }
  } finally {
    clearTimeout(silenceTimer);
    reader.releaseLock();
    attempt.abort();
  }
  return outcome;
}

/** The next chunk, or null when the stream ended, went silent or dropped; a caller abort is rethrown. */
async function readChunk(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  callerSignal: AbortSignal | undefined,
): Promise<Uint8Array | null> {
  try {
    const { done, value } = await reader.read();
    return done ? null : value;
  } catch (error) {
    if (isAborted(callerSignal)) throw error;
    return null;
  }
}
