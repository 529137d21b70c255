// A long history of jobs, the same every run: mostly finished (succeeded, failed, canceled), a few still
// queued or running, labelled by project and shot the way a studio labels its work, newest first one
// minute apart. Used as v2 list items (historyService.ts) and as stored snapshots (seedStore.ts).
import { randomUUID } from 'node:crypto';

export const PROJECTS = ['lighthouse', 'harbour', 'orchard', 'glacier', 'market', 'canyon', 'atelier'];

export interface HistoryJob {
  id: string;
  status: 'succeeded' | 'failed' | 'canceled' | 'running' | 'queued';
  createdMs: number;
  labels: Record<string, string>;
}

/** One in a thousand is still in flight; about 1 in 12 failed and 1 in 25 was canceled. */
function statusOf(index: number): HistoryJob['status'] {
  if (index % 1000 === 7) return index % 2000 === 7 ? 'running' : 'queued';
  if (index % 12 === 5) return 'failed';
  if (index % 25 === 3) return 'canceled';
  return 'succeeded';
}

export function makeHistory(count: number, newestMs = Date.now()): HistoryJob[] {
  return Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    status: statusOf(index),
    createdMs: newestMs - index * 60_000,
    labels: {
      project: PROJECTS[index % PROJECTS.length] ?? 'lighthouse',
      shot: `s${String(index % 40).padStart(3, '0')}`,
    },
  }));
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** The job as `GET /api/v2/jobs/{id}` answers (spec "Job"), with nothing to download. */
export function jobJson(
  job: HistoryJob,
  selfPrefix = '',
): { id: string; status: string; [field: string]: unknown } {
  const finished = job.status !== 'running' && job.status !== 'queued';
  const self = `${selfPrefix}/api/v2/jobs/${job.id}`;
  return {
    id: job.id,
    status: job.status,
    created_at: iso(job.createdMs),
    started_at: job.status === 'queued' ? null : iso(job.createdMs + 800),
    completed_at: finished ? iso(job.createdMs + 9_000) : null,
    expires_at: iso(job.createdMs + 30 * 24 * 3_600_000),
    queue_position: job.status === 'queued' ? 3 : null,
    progress: null,
    outputs: [],
    error:
      job.status === 'failed'
        ? { code: 'execution_error', message: 'Sampler diverged: NaN values in the latent at step 7.' }
        : null,
    metadata: job.labels,
    urls: { self, events: `${self}/events`, cancel: `${self}/cancel` },
  };
}

/** The job as one item of `GET /api/v2/jobs` (spec "Job list item"). */
export function listItemJson(job: HistoryJob): Record<string, unknown> {
  return {
    id: job.id,
    status: job.status,
    create_time: iso(job.createdMs),
    update_time: iso(job.createdMs + 9_000),
    release_version: 1,
    metadata: job.labels,
  };
}
