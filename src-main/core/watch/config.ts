// The watcher's request budget in numbers (ARCHITECTURE "watch/": 500 watched jobs must never mean 500
// requests a second). Every interval is here so tests can shrink them and the bench can report them.

export interface WatchConfig {
  /** How often the scheduler looks for due work. */
  tickMs: number;
  /** A job someone is looking at, polled by GET: while running or canceling (the SSE is not connected). */
  detailRunningMs: number;
  /** …while queued. */
  detailQueuedMs: number;
  /** …while its SSE is connected: the poll only confirms, the stream carries the progress. */
  detailConfirmMs: number;
  /** …while its status is one Loupe cannot read (never taken for done, never hammered). */
  unknownStatusMs: number;
  /**
   * A job whose read answered 404 is read again this much later, and noted gone only if that read answers 404
   * too: a service restarting, or a node that has not yet heard of a job just submitted, answers 404 for a
   * moment, and one such answer would otherwise end every job it was asked about as gone.
   */
  goneConfirmMs: number;
  /** Jobs nobody is looking at: the list sweep (or a slow GET) while any of them runs. */
  backgroundRunningMs: number;
  /** …while they are only queued. */
  backgroundQueuedMs: number;
  /** Up to this many background jobs are polled by GET; more go through one list request. */
  listThreshold: number;
  /** Page size of a v2 list sweep (the service's maximum). */
  listPageSize: number;
  /** Page size of a v1 list sweep (the v1 maximum). */
  v1PageSize: number;
  /** Pages one sweep may read before it gives up on the jobs it has not seen. */
  maxListPages: number;
  /** How many watched jobs get their own GET; the others ride on the list sweep. */
  detailSlots: number;
  /** Poll requests (GET, list pages) per second for the whole profile, and the burst allowed. */
  requestsPerSecond: number;
  burst: number;
  /** Open SSE streams at most (the reference proxy's cap is 8). */
  streamCap: number;
  /** A stream dropping this often within the window is given up for a cooldown. */
  sseDropLimit: number;
  sseDropWindowMs: number;
  sseCooldownMs: number;
  sseMaxCooldownMs: number;
  /** The SSE reader's silence limit and reconnect delay (NOTES "Reference SDK behaviour"). */
  sseKeepaliveTimeoutMs: number;
  sseReconnectDelayMs: number;
  /** Backoff after 5xx or network failures, and the bounds put on a Retry-After. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  retryAfterMinMs: number;
  retryAfterMaxMs: number;
  /** jobs.updates and store writes are batched this often. */
  flushMs: number;
  /** A job's live stream events reach it (and its jobs.watch subscribers) at most this often: a page's frame. */
  streamCoalesceMs: number;
  /** Jobs tracked at most (the oldest background ones are dropped first). */
  maxTracked: number;
  /**
   * Open jobs resumed from the store when a profile's watcher starts, and followed from it at once at most:
   * more are taken up, newest first, as these end (a backlog never lands on the service in one burst).
   */
  resumeLimit: number;
}

export const defaultWatchConfig: WatchConfig = {
  tickMs: 100,
  detailRunningMs: 1_000,
  detailQueuedMs: 2_500,
  detailConfirmMs: 5_000,
  unknownStatusMs: 5_000,
  goneConfirmMs: 10_000,
  backgroundRunningMs: 2_000,
  backgroundQueuedMs: 5_000,
  listThreshold: 3,
  listPageSize: 500,
  v1PageSize: 1_000,
  maxListPages: 4,
  detailSlots: 4,
  requestsPerSecond: 4,
  burst: 8,
  streamCap: 8,
  sseDropLimit: 3,
  sseDropWindowMs: 60_000,
  sseCooldownMs: 30_000,
  sseMaxCooldownMs: 5 * 60_000,
  sseKeepaliveTimeoutMs: 45_000,
  sseReconnectDelayMs: 100,
  backoffBaseMs: 1_000,
  backoffMaxMs: 60_000,
  retryAfterMinMs: 1_000,
  retryAfterMaxMs: 60_000,
  flushMs: 250,
  streamCoalesceMs: 33,
  maxTracked: 5_000,
  resumeLimit: 2_000,
};
