// GET /api/v2/jobs/{id}/events: the SSE stream as NOTES.md describes it. `status` on connect, on every
// transition and on every queue-position change; then the latest `progress` and `preview`; throttled
// progress and previews; `output` hints; keepalive comments; the stream ends after the terminal status
// (at once when the job is already terminal); no `id:` lines; a cap on concurrent streams.
import type { Faults } from '../faults';
import { sendV2Error } from '../http';
import type { RouteContext } from '../types';
import type { JobEventHub } from './jobEvents';
import { outputJson, type ProjectionContext } from './jobJson';
import { isTerminal, type JobRecord, type PreviewImage, type Progress } from './jobModel';
import type { JobRunner } from './jobRunner';
import { LatestValueThrottle } from './throttle';

export interface StreamTiming {
  progressThrottleMs: number;
  previewThrottleMs: number;
  keepaliveMs: number;
}

/** Counts open streams against the cap (the reference proxy allows 8) and can close them all on reset. */
export class StreamLimiter {
  private readonly closers = new Set<() => void>();

  constructor(private readonly max: number) {}

  /** A release function for the new stream, or null when the cap is reached. */
  open(close: () => void): (() => void) | null {
    if (this.closers.size >= this.max) return null;
    this.closers.add(close);
    return () => this.closers.delete(close);
  }

  closeAll(): void {
    for (const close of [...this.closers]) close();
  }

  get active(): number {
    return this.closers.size;
  }
}

export interface EventStreamDeps {
  hub: JobEventHub;
  runner: JobRunner;
  faults: Faults;
  limiter: StreamLimiter;
  timing: StreamTiming;
}

const tooManyStreamsRetryAfterSeconds = 2;

function previewJson(preview: PreviewImage): Record<string, string> {
  return {
    node_id: preview.nodeId,
    content_type: preview.contentType,
    data_base64: preview.bytes.toString('base64'),
  };
}

export function streamJobEvents(
  ctx: RouteContext,
  job: JobRecord,
  deps: EventStreamDeps,
  projection: ProjectionContext,
): void {
  const { res } = ctx;
  const release = deps.limiter.open(() => close());
  if (!release) {
    return sendV2Error(
      res,
      429,
      'too_many_streams',
      'Too many open event streams. Close one or poll instead.',
      null,
      {
        'retry-after': String(tooManyStreamsRetryAfterSeconds),
      },
    );
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });

  const dropAfter = deps.faults.sseDropAfterEvents();
  let eventsSent = 0;
  let closed = false;
  let lastStatus = '';

  const close = (): void => {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(keepalive);
    progress.cancel();
    preview.cancel();
    release();
    if (!res.writableEnded) res.end();
  };
  const write = (event: string, data: unknown): void => {
    if (closed || res.destroyed) return;
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    eventsSent += 1;
    // The sse_drop fault: the connection ends mid-run with no terminal status, as a flaky proxy would.
    if (dropAfter !== null && eventsSent >= dropAfter && !isTerminal(job.status)) close();
  };
  const sendStatus = (): void => {
    const data: Record<string, unknown> = { status: job.status };
    const position = deps.runner.queuePosition(job);
    if (position !== null) data.queue_position = position;
    const key = JSON.stringify(data);
    if (key === lastStatus) return;
    lastStatus = key;
    write('status', data);
  };
  const progress = new LatestValueThrottle<Progress>(deps.timing.progressThrottleMs, (p) =>
    write('progress', p),
  );
  const preview = new LatestValueThrottle<PreviewImage>(deps.timing.previewThrottleMs, (p) =>
    write('preview', previewJson(p)),
  );
  let unsubscribe = (): void => undefined;
  const keepalive = setInterval(() => {
    if (!closed && !res.destroyed) res.write(': keepalive\n\n');
  }, deps.timing.keepaliveMs);
  res.on('close', close);

  sendStatus();
  if (isTerminal(job.status)) return close();
  if (job.progress) {
    write('progress', job.progress);
    progress.markSent();
  }
  if (job.latestPreview) {
    write('preview', previewJson(job.latestPreview));
    preview.markSent();
  }
  if (res.writableEnded) return; // the sse_drop fault may already have ended it

  unsubscribe = deps.hub.subscribe((changed, event) => {
    if (changed !== job || closed) return;
    switch (event.type) {
      case 'status':
        if (isTerminal(job.status)) {
          progress.flush();
          preview.cancel();
          sendStatus();
          close();
        } else {
          sendStatus();
        }
        return;
      case 'progress':
        return progress.push(event.progress);
      case 'preview':
        return preview.push(event.preview);
      case 'output':
        return write('output', outputJson(job, event.output, projection));
      default:
        return;
    }
  });
}
