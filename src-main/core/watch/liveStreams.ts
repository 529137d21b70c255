// The SSE side of the watcher: streams only for jobs someone is looking at live, never more than the cap,
// and never a reconnect storm. The reader (core/api/sse.ts) handles one stream's lifecycle; this decides
// which streams exist:
//  - a stream that keeps dropping (sseDropLimit times within the window) is given up for a cooldown that
//    doubles each time, and polling carries the job meanwhile;
//  - 429 (too_many_streams: another window or client holds the service's streams) closes the door to new
//    streams for its Retry-After, held between the cooldown and the longest cooldown; 501 (no streams on this surface) closes it for good;
//  - a refused or repeatedly failing stream cools down like a dropping one.
import { ApiError, followJobEvents, type HttpClient, type JobStreamEvent, type StreamEnd } from '../api';
import type { WatchConfig } from './config';
import { sleepOn, type WatchTimers } from './timers';

export interface LiveStreamHost {
  /** The job's events link from its last read, or null when there is none yet. */
  eventsUrl(jobId: string): string | null;
  onEvent(jobId: string, event: JobStreamEvent): void;
  /** The stream is connected and delivering (mode live). */
  onConnected(jobId: string): void;
  /** The stream is not delivering; polling carries the job (mode polling), for this reason. */
  onInterrupted(jobId: string, reason: string): void;
  /** The one GET after a stream ended early; resolves true when the job is terminal. */
  pollAfterDrop(jobId: string): Promise<boolean>;
  /** The stream saw the job end (a terminal status, or the poll after a drop found it). */
  onJobEnded(jobId: string): void;
}

export interface LiveStreamsDeps {
  /** A client for one stream; `onFailure` hears every error its requests meet (to spot 429 and 501). */
  httpFor(onFailure: (error: ApiError) => void): HttpClient;
  timers: WatchTimers;
  config: WatchConfig;
  host: LiveStreamHost;
  logError: (message: string, error: unknown) => void;
}

interface OpenStream {
  controller: AbortController;
  connected: boolean;
}

const reasons = {
  dropped: 'The live stream dropped; polling until it reconnects.',
  flaky: 'The live stream keeps dropping; polling this job and trying the stream again later.',
  tooMany: 'The service has no live stream to spare right now; polling instead.',
  unsupported: 'This service does not offer live streams; polling instead.',
  failed: 'The live stream could not be opened; polling instead.',
} as const;

export class LiveStreams {
  private readonly streams = new Map<string, OpenStream>();
  private readonly drops = new Map<string, number[]>();
  private readonly cooldowns = new Map<string, { until: number; ms: number }>();
  private blockedUntil = 0;
  private unsupported = false;
  private readonly sleep;

  constructor(private readonly deps: LiveStreamsDeps) {
    this.sleep = sleepOn(deps.timers);
  }

  get openCount(): number {
    return this.streams.size;
  }

  /** True while the job's stream is connected and delivering. */
  isLive(jobId: string): boolean {
    return this.streams.get(jobId)?.connected === true;
  }

  /** Why the job has no stream although it is wanted, or null when it has one or may get one. */
  unavailableReason(jobId: string): string | null {
    if (this.unsupported) return reasons.unsupported;
    if (this.streams.has(jobId)) return null;
    if (this.coolingDown(jobId)) return reasons.flaky;
    if (this.deps.timers.now() < this.blockedUntil) return reasons.tooMany;
    return null;
  }

  /** Keeps streams open for the first `streamCap` of `wanted` (priority order) that may have one. */
  sync(wanted: readonly string[]): void {
    const keep = new Set<string>();
    const now = this.deps.timers.now();
    for (const jobId of wanted) {
      if (this.unsupported || keep.size >= this.deps.config.streamCap) break;
      if (this.streams.has(jobId)) {
        keep.add(jobId);
        continue;
      }
      if (this.coolingDown(jobId) || now < this.blockedUntil) continue;
      if (this.start(jobId)) keep.add(jobId);
    }
    for (const jobId of [...this.streams.keys()]) if (!keep.has(jobId)) this.stop(jobId);
  }

  stop(jobId: string): void {
    const stream = this.streams.get(jobId);
    if (stream === undefined) return;
    this.streams.delete(jobId);
    stream.controller.abort();
  }

  stopAll(): void {
    for (const jobId of [...this.streams.keys()]) this.stop(jobId);
  }

  private coolingDown(jobId: string): boolean {
    const cooldown = this.cooldowns.get(jobId);
    return cooldown !== undefined && this.deps.timers.now() < cooldown.until;
  }

  private coolDown(jobId: string): void {
    const { sseCooldownMs, sseMaxCooldownMs } = this.deps.config;
    const previous = this.cooldowns.get(jobId);
    const ms = previous === undefined ? sseCooldownMs : Math.min(sseMaxCooldownMs, previous.ms * 2);
    this.cooldowns.set(jobId, { until: this.deps.timers.now() + ms, ms });
  }

  private start(jobId: string): boolean {
    const { host, config } = this.deps;
    const url = host.eventsUrl(jobId);
    if (url === null) return false;
    const stream: OpenStream = { controller: new AbortController(), connected: false };
    this.streams.set(jobId, stream);
    const interrupted = (reason: string): void => {
      if (!stream.connected) return;
      stream.connected = false;
      host.onInterrupted(jobId, reason);
    };
    followJobEvents({
      http: this.deps.httpFor((error) => this.onRequestFailure(jobId, stream, error)),
      url,
      signal: stream.controller.signal,
      keepaliveTimeoutMs: config.sseKeepaliveTimeoutMs,
      reconnectDelayMs: config.sseReconnectDelayMs,
      onEvent: (event) => {
        if (!this.isCurrent(jobId, stream)) return;
        if (!stream.connected) {
          stream.connected = true;
          host.onConnected(jobId);
        }
        host.onEvent(jobId, event);
      },
      poll: () => this.afterDrop(jobId, stream, interrupted),
      // Every wait the reader takes is a moment without a stream: say so (once) before it starts.
      sleep: (ms, signal) => {
        interrupted(reasons.dropped);
        return this.sleep(ms, signal);
      },
    }).then(
      (end) => this.ended(jobId, stream, end),
      (error: unknown) => {
        this.deps.logError('A job event stream failed', error);
        this.ended(jobId, stream, { reason: 'aborted' });
      },
    );
    return true;
  }

  private isCurrent(jobId: string, stream: OpenStream): boolean {
    return this.streams.get(jobId) === stream;
  }

  private afterDrop(
    jobId: string,
    stream: OpenStream,
    interrupted: (reason: string) => void,
  ): Promise<boolean> {
    const { config, timers, host } = this.deps;
    if (!this.isCurrent(jobId, stream)) return Promise.resolve(false);
    const now = timers.now();
    const recent = (this.drops.get(jobId) ?? []).filter((at) => now - at < config.sseDropWindowMs);
    recent.push(now);
    if (recent.length >= config.sseDropLimit) {
      this.drops.delete(jobId);
      this.coolDown(jobId);
      interrupted(reasons.flaky);
      this.stop(jobId);
    } else {
      this.drops.set(jobId, recent);
      interrupted(reasons.dropped);
    }
    return host.pollAfterDrop(jobId);
  }

  private onRequestFailure(jobId: string, stream: OpenStream, error: ApiError): void {
    if (!this.isCurrent(jobId, stream)) return;
    if (error.status === 429) {
      // At least the cooldown, and at most the longest one: a server's Retry-After of a day (or a broken one)
      // must not keep every job without a stream for that long; asking again later costs one more 429.
      const { sseCooldownMs, sseMaxCooldownMs } = this.deps.config;
      const wait = Math.min(sseMaxCooldownMs, Math.max(error.retryAfterMs ?? 0, sseCooldownMs));
      this.blockedUntil = Math.max(this.blockedUntil, this.deps.timers.now() + wait);
      this.stop(jobId);
      this.deps.host.onInterrupted(jobId, reasons.tooMany);
    } else if (error.status === 501) {
      this.unsupported = true;
    }
  }

  private ended(jobId: string, stream: OpenStream, end: StreamEnd): void {
    const current = this.isCurrent(jobId, stream);
    if (current) this.streams.delete(jobId);
    switch (end.reason) {
      case 'terminal':
      case 'terminal-by-poll':
        this.deps.host.onJobEnded(jobId);
        return;
      case 'not-supported':
        this.unsupported = true;
        this.deps.host.onInterrupted(jobId, reasons.unsupported);
        return;
      case 'failed':
        if (!current) return;
        this.coolDown(jobId);
        this.deps.host.onInterrupted(jobId, reasons.failed);
        return;
      case 'aborted':
        return;
    }
  }
}
