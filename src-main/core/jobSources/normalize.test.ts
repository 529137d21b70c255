import { describe, expect, it } from 'vitest';
import { jobSnapshotSchema, jobSummarySchema } from '../../../src-shared/contracts/jobs';
import { JobListPageSchema, JobSchema, V1JobListSchema } from '../api';
import { jobDocument } from '../api/testing/testServer';
import { mergeListRow, mergeStreamEvent } from '../watch/merge';
import {
  contractStatus,
  isTerminal,
  noLocalFacts,
  summaryOfSnapshot,
  toSnapshot,
  toSummary,
} from './normalize';
import { rawStatusOf, wireFromJob, wireFromListItem, wireFromV1Item, type WireJob } from './wireJob';

const context = {
  profileId: 'p1',
  observedAt: '2025-01-01T00:00:10.000Z',
  local: noLocalFacts,
  surfaceOffersLogs: true,
};

/** A running job with one output, labels, metrics, and no logs link. */
function apiJob(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return jobDocument('j1', {
    progress: { value: 0.5, nodes_done: 2, nodes_total: 4, current_node: '3', step: 5, steps: 10 },
    outputs: [
      {
        id: 'a1',
        node_id: '9',
        name: 'out.png',
        type: 'image',
        content_type: 'image/png',
        size_bytes: 12,
        hash: null,
        url: '/api/v2/assets/a1/content',
        url_expires_at: '2025-01-31T00:00:00Z',
      },
    ],
    metrics: { queue_ms: 10, execution_ms: null },
    metadata: { batch: 'b1' },
    urls: { self: '/api/v2/jobs/j1', events: '/api/v2/jobs/j1/events', cancel: '/api/v2/jobs/j1/cancel' },
    ...overrides,
  });
}

function wireOf(body: Record<string, unknown>): WireJob {
  return wireFromJob(JobSchema.parse(body), rawStatusOf(body));
}

describe('normalization', () => {
  it('turns a v2 Job into a contract snapshot and row', () => {
    const snapshot = toSnapshot(wireOf(apiJob()), context);
    expect(jobSnapshotSchema.parse(snapshot)).toEqual(snapshot);
    expect(snapshot).toMatchObject({
      status: 'running',
      rawStatus: 'running',
      progress: { value: 0.5, nodesDone: 2, nodesTotal: 4, currentNode: '3', step: 5, steps: 10 },
      outputs: [{ assetId: 'a1', type: 'image', sizeBytes: 12 }],
      metrics: { queue_ms: 10, execution_ms: null },
      labels: { batch: 'b1' },
      logsOffered: false,
    });
    const row = toSummary(wireOf(apiJob()), context);
    expect(jobSummarySchema.parse(row)).toEqual(row);
    expect(row).toMatchObject({ progress: 0.5, outputsCount: 1, labels: { batch: 'b1' } });
  });

  it('gives a row the first image output as its thumbnail, passing over a latent before it', () => {
    const output = (id: string, type: string, contentType: string) => ({
      id,
      node_id: '9',
      name: `${id}.bin`,
      type,
      content_type: contentType,
      size_bytes: 10,
      hash: null,
      url: `/api/v2/assets/${id}/content`,
    });
    const wire = wireOf(
      apiJob({
        status: 'succeeded',
        outputs: [
          output('lat', 'latent', 'application/octet-stream'),
          output('img1', 'image', 'image/webp'),
          output('img2', 'image', 'image/png'),
        ],
      }),
    );
    const row = toSummary(wire, context);
    expect(jobSummarySchema.parse(row).thumbnail).toEqual({ assetId: 'img1', contentType: 'image/webp' });
    // The watcher's rows (from a snapshot) pick the same picture as the list's.
    expect(summaryOfSnapshot(toSnapshot(wire, context)).thumbnail).toEqual(row.thumbnail);

    const noImage = wireOf(apiJob({ outputs: [output('t', 'text', 'text/plain')] }));
    expect(toSummary(noImage, context).thumbnail).toBeNull();
    expect(toSummary(wireOf(apiJob({ outputs: [] })), context).thumbnail).toBeNull();
  });

  it('gives a finished row its completion time, so a batch item can say how long it took', () => {
    const wire = wireOf(
      apiJob({
        status: 'succeeded',
        create_time: '2025-01-01T00:00:00Z',
        completed_at: '2025-01-01T00:01:05Z',
      }),
    );
    const row = toSummary(wire, context);
    expect(jobSummarySchema.parse(row).completedAt).toBe(toSnapshot(wire, context).completedAt);
    expect(row.completedAt).not.toBeNull();
    // The watcher's rows carry it too, and a running job has none.
    expect(summaryOfSnapshot(toSnapshot(wire, context)).completedAt).toBe(row.completedAt);
    expect(toSummary(wireOf(apiJob()), context).completedAt).toBeNull();
  });

  it('gives a bare list row (no outputs field) no thumbnail rather than a guess', () => {
    const page = JobListPageSchema.parse({
      jobs: [{ id: 'j2', status: 'succeeded', create_time: '2025-01-01T00:00:00Z', metadata: {} }],
    });
    const row = toSummary(wireFromListItem(page.jobs[0]!, 'succeeded'), context);
    expect(row).toMatchObject({ outputsCount: null, thumbnail: null });
    // A v1 row knows how many outputs, not which: no picture either.
    const v1 = V1JobListSchema.parse({
      jobs: [{ id: 'j3', status: 'completed', create_time: 1_735_689_600, outputs_count: 2 }],
    });
    expect(toSummary(wireFromV1Item(v1.jobs[0]!), context)).toMatchObject({
      outputsCount: 2,
      thumbnail: null,
    });
  });

  it('reads an unknown status as unknown, keeps its words, and never takes it for done', () => {
    const wire = wireOf(
      apiJob({ status: 'paused_by_operator', progress: { value: 1, nodes_done: 4, nodes_total: 4 } }),
    );
    const snapshot = toSnapshot(wire, context);
    expect(snapshot.status).toBe('unknown');
    expect(snapshot.rawStatus).toBe('paused_by_operator');
    expect(isTerminal(snapshot.status)).toBe(false);
    expect(contractStatus('done')).toBe('unknown');
    // Neither a list row nor an SSE hint can finish it either.
    expect(mergeStreamEvent(wire, { type: 'status', status: 'unknown', queuePosition: null })).toEqual({
      wire: null,
      confirm: true,
    });
  });

  it('keeps a failed job failed with its error detail', () => {
    const failed = toSnapshot(
      wireOf(
        apiJob({
          status: 'failed',
          error: {
            code: 'node_execution_error',
            message: 'boom',
            node_id: '2',
            class_type: 'FailNode',
            traceback: 'tb',
          },
        }),
      ),
      context,
    );
    expect(failed.error).toEqual({
      code: 'node_execution_error',
      message: 'boom',
      nodeId: '2',
      classType: 'FailNode',
      traceback: 'tb',
    });
    expect(isTerminal(failed.status)).toBe(true);
  });

  it('reads v2 list rows (no outputs, no links) and v1 rows (their own words kept)', () => {
    const page = JobListPageSchema.parse({
      jobs: [
        {
          id: 'j2',
          status: 'mystery',
          create_time: '2025-01-01T00:00:00Z',
          update_time: null,
          metadata: { k: 'v' },
        },
      ],
    });
    const item = page.jobs[0]!;
    const row = toSummary(wireFromListItem(item, 'mystery'), context);
    expect(row).toMatchObject({
      status: 'unknown',
      rawStatus: 'mystery',
      outputsCount: null,
      labels: { k: 'v' },
    });
    expect(toSnapshot(wireFromListItem(item, 'mystery'), context).logsOffered).toBe(true);

    const v1 = V1JobListSchema.parse({
      jobs: [
        { id: 'j3', status: 'in_progress', create_time: 1_735_689_600_000, outputs_count: 0 },
        {
          id: 'j4',
          status: 'failed',
          create_time: 1_735_689_600,
          execution_error: {
            exception_message: 'oom',
            exception_type: 'OOMError',
            traceback: ['a\n', 'b\n'],
          },
        },
        { id: 'j5', status: 'waiting_for_godot', create_time: null },
      ],
      pagination: { offset: 0, limit: 10, total: 3, has_more: false },
    });
    const [running, failed, odd] = v1.jobs.map((job) => toSummary(wireFromV1Item(job), context));
    expect(running).toMatchObject({
      status: 'running',
      rawStatus: 'in_progress',
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    expect(failed).toMatchObject({
      status: 'failed',
      rawStatus: 'failed',
      errorMessage: 'oom',
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    expect(odd).toMatchObject({ status: 'unknown', rawStatus: 'waiting_for_godot', createdAt: null });
  });

  it('lets a poll overrule the stream: stale or backward SSE events change nothing', () => {
    const running = wireOf(apiJob());
    const succeeded = wireOf(apiJob({ status: 'succeeded' }));
    expect(
      mergeStreamEvent(succeeded, { type: 'status', status: 'running', queuePosition: null }).wire,
    ).toBeNull();
    expect(
      mergeStreamEvent(succeeded, { type: 'progress', progress: JobSchema.parse(apiJob()).progress! }).wire,
    ).toBeNull();
    const canceling = { ...running, status: 'canceling' };
    expect(
      mergeStreamEvent(canceling, { type: 'status', status: 'running', queuePosition: null }).wire,
    ).toBeNull();
    // A terminal status on the stream is only a hint: a read must confirm it.
    expect(mergeStreamEvent(running, { type: 'status', status: 'succeeded', queuePosition: null })).toEqual({
      wire: null,
      confirm: true,
    });
    // The v1 list cannot tell canceling from running.
    const v1Row: WireJob = { id: 'j1', status: 'running', v1_status: 'in_progress' };
    expect(mergeListRow(canceling, v1Row, { cannotTellCanceling: true }).wire).toBeNull();
    const finishedRow = mergeListRow(
      running,
      { id: 'j1', status: 'succeeded', created_at: 'x' },
      { cannotTellCanceling: false },
    );
    expect(finishedRow.confirm).toBe(true);
    expect(finishedRow.wire).toMatchObject({ status: 'succeeded', urls: running.urls });
    expect(finishedRow.wire).not.toHaveProperty('progress');
  });
});
