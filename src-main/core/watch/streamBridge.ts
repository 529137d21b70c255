// What the watcher does with what a live stream says (the LiveStreamHost side of liveStreams.ts): stream
// events, gathered per job and handed on at most once per interval (streamCoalescer.ts), patch the job under
// the merge rules; a connection or a drop changes the mode its watchers see, and a drop is followed by one
// poll at once so polling takes over within the interval.
import type { JobStreamEvent } from '../api';
import { readWire } from '../jobSources/wireJob';
import type { WatchConfig } from './config';
import type { JobStates, TrackedJob } from './jobStates';
import type { LiveStreamHost } from './liveStreams';
import { mergeStreamBatch } from './merge';
import { StreamCoalescer, type StreamBatch } from './streamCoalescer';
import type { WatchTimers } from './timers';

/** The contract's ceiling on a preview frame. */
const maxPreviewBase64 = 8 * 1024 * 1024;

export interface StreamBridgeDeps {
  states: JobStates;
  config: WatchConfig;
  timers: WatchTimers;
  isPaused(): boolean;
  /** A source hinted at a change only a read can confirm. */
  askRead(jobId: string): void;
  /** The poll after a drop, outside the schedule; true when the job is terminal. */
  readNow(job: TrackedJob): Promise<boolean>;
}

export class StreamBridge implements LiveStreamHost {
  /** Stream events reach the job at most once per interval (about a page's frame); see streamCoalescer.ts. */
  private readonly coalescer: StreamCoalescer;

  constructor(private readonly deps: StreamBridgeDeps) {
    this.coalescer = new StreamCoalescer({
      timers: deps.timers,
      intervalMs: deps.config.streamCoalesceMs,
      deliver: (jobId, batch) => this.deliver(jobId, batch),
    });
  }

  eventsUrl(jobId: string): string | null {
    const wire = this.deps.states.get(jobId)?.wire ?? null;
    return wire === null ? null : (readWire(wire).urls?.events ?? null);
  }

  onEvent(jobId: string, event: JobStreamEvent): void {
    if (event.type === 'preview' && event.dataBase64.length > maxPreviewBase64) return;
    this.coalescer.push(jobId, event);
  }

  /**
   * Hands on what the stream said that has not reached the job yet: before another source's news is applied
   * (so the order stays as it came), and when the stream ends (so nothing is lost at the end).
   */
  flush(jobId: string): void {
    this.coalescer.flush(jobId);
  }

  /** Hands on everything waiting (the watcher is stopping). */
  flushAll(): void {
    this.coalescer.flushAll();
  }

  private deliver(jobId: string, batch: StreamBatch): void {
    const { states } = this.deps;
    const job = states.get(jobId);
    if (job === undefined || job.finished || job.wire === null) return;
    const merged = mergeStreamBatch(job.wire, batch);
    if (merged.wire !== null) states.apply(job, merged.wire, 'sse');
    if (batch.preview !== null) {
      const { nodeId, contentType, dataBase64 } = batch.preview;
      states.emit(job, { type: 'preview', jobId, nodeId, contentType, dataBase64 });
    }
    if (merged.confirm) this.deps.askRead(jobId);
  }

  onConnected(jobId: string): void {
    const job = this.deps.states.get(jobId);
    if (job === undefined) return;
    this.deps.states.setMode(job, 'live', null);
    // The stream carries it now; polls only confirm, at the slower pace.
    job.nextPollAt = Math.max(job.nextPollAt, this.deps.timers.now() + this.deps.config.detailConfirmMs);
  }

  onInterrupted(jobId: string, reason: string): void {
    const job = this.deps.states.get(jobId);
    if (job === undefined || this.deps.isPaused()) return;
    this.deps.states.setMode(job, 'polling', reason);
    job.nextPollAt = Math.min(job.nextPollAt, this.deps.timers.now() + this.deps.config.detailRunningMs);
  }

  async pollAfterDrop(jobId: string): Promise<boolean> {
    this.coalescer.flush(jobId);
    const job = this.deps.states.get(jobId);
    if (job === undefined || job.finished) return true;
    if (job.inFlight) return false;
    return this.deps.readNow(job);
  }

  onJobEnded(jobId: string): void {
    this.coalescer.forget(jobId);
    this.deps.askRead(jobId);
  }
}
