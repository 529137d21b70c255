// The service's resources as the spec writes them (job-and-asset-api.md "Resources and their fields"): the
// Job, the job list item, the Asset. Links are host-relative, as a serving surface may send them.
import type { ServiceAsset, ServiceJob, ServiceLedger } from './ledger';

const RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const MANY_OUTPUTS = 10_000;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function outputs(job: ServiceJob, succeeded: boolean): unknown[] {
  if (!succeeded) return [];
  const count = job.manyOutputs ? MANY_OUTPUTS : 1;
  const expires = iso(job.createdAt + RETENTION_MS);
  return Array.from({ length: count }, (_, index) => {
    const id = `${job.id.slice(0, 24)}${index.toString(16).padStart(12, '0')}`;
    return {
      node_id: '9',
      name: `chaos_${String(index + 1).padStart(5, '0')}_.png`,
      type: 'image',
      content_type: 'image/png',
      size_bytes: 68,
      id,
      hash: null,
      url: `/api/v2/assets/${id}/content`,
      url_expires_at: expires,
      job_id: job.id,
    };
  });
}

export function jobView(ledger: ServiceLedger, job: ServiceJob, now = Date.now()): Record<string, unknown> {
  const status = ledger.statusOf(job, now);
  const { startedAt, completedAt } = ledger.timesOf(job, now);
  const done = completedAt !== null;
  return {
    id: job.id,
    status,
    created_at: iso(job.createdAt),
    started_at: iso(startedAt),
    completed_at: iso(completedAt),
    expires_at: iso(job.createdAt + RETENTION_MS),
    queue_position: status === 'queued' ? 1 : null,
    progress:
      status === 'running'
        ? { value: 0.5, nodes_done: 4, nodes_total: 8, current_node: '3', step: 2, steps: 4 }
        : done
          ? { value: 1, nodes_done: 8, nodes_total: 8 }
          : null,
    outputs: outputs(job, status === 'succeeded'),
    error:
      status === 'failed'
        ? {
            code: 'node_execution_error',
            message: 'CUDA out of memory (drawn by the chaos seed).',
            node_id: '3',
          }
        : null,
    metrics: { queue_ms: startedAt === null ? null : job.queuedMs, execution_ms: done ? job.runMs : null },
    metadata: job.metadata,
    urls: {
      self: `/api/v2/jobs/${job.id}`,
      events: `/api/v2/jobs/${job.id}/events`,
      cancel: `/api/v2/jobs/${job.id}/cancel`,
      logs: `/api/v2/jobs/${job.id}/logs`,
    },
  };
}

export function listItemView(
  ledger: ServiceLedger,
  job: ServiceJob,
  now = Date.now(),
): Record<string, unknown> {
  const { completedAt, startedAt } = ledger.timesOf(job, now);
  return {
    id: job.id,
    status: ledger.statusOf(job, now),
    create_time: iso(job.createdAt),
    update_time: iso(completedAt ?? startedAt ?? job.createdAt),
    release_version: 1,
    metadata: job.metadata,
  };
}

export function assetView(asset: ServiceAsset): Record<string, unknown> {
  return {
    id: asset.id,
    hash: asset.hash,
    size_bytes: asset.size,
    content_type: asset.contentType,
    created_at: iso(asset.createdAt),
    url: `/api/v2/assets/${asset.id}/content`,
    url_expires_at: iso(Date.now() + 6 * 60 * 60 * 1000),
    file_path: asset.filePath,
    created_new: asset.createdNew,
    expires_at: null,
  };
}
