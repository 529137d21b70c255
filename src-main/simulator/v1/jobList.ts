// GET /api/jobs (offset pagination and the filters the v1 contract names) and the v1 list item.
import { sendJson, sendV1Error } from '../http';
import type { JobEngine } from '../jobs/jobEngine';
import type { JobRecord } from '../jobs/jobModel';
import type { RouteContext } from '../types';
import { uiOutputKey } from './uiOutputKey';
import { parseStatusFilter, v1ListStatus } from './v1Status';

const outputMediaTypes = new Set(['image', 'video', 'audio']);

export function v1ListItem(job: JobRecord): Record<string, unknown> {
  const first = job.outputs[0];
  const error = job.error;
  return {
    id: job.id,
    status: v1ListStatus(job),
    create_time: job.createdAt,
    execution_error: error
      ? {
          node_id: error.node_id,
          node_type: error.class_type,
          exception_message: error.message,
          exception_type: error.code === 'worker_lost' ? 'OOMError' : 'RuntimeError',
          traceback: error.traceback === null ? [] : error.traceback.split('\n').map((line) => `${line}\n`),
          current_inputs: {},
          current_outputs: {},
        }
      : null,
    preview_output: first
      ? {
          filename: first.name,
          subfolder: '',
          type: 'output',
          nodeId: first.nodeId,
          mediaType: uiOutputKey(first.type),
        }
      : null,
    outputs_count: job.outputs.length,
    workflow_id: job.workflowId,
    execution_start_time: job.startedAt,
    execution_end_time: job.completedAt,
  };
}

function integer(raw: string | null, fallback: number, min: number, max: number): number | null {
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value >= min && value <= max ? value : null;
}

function executionTime(job: JobRecord): number | null {
  return job.startedAt === null || job.completedAt === null ? null : job.completedAt - job.startedAt;
}

export function handleV1List(ctx: RouteContext, owner: string, engine: JobEngine): void {
  const query = ctx.url.searchParams;
  const invalid = (message: string): void => sendV1Error(ctx.res, 400, 'INVALID_PARAMETER', message);
  const offset = integer(query.get('offset'), 0, 0, Number.MAX_SAFE_INTEGER);
  if (offset === null) return invalid('offset must be an integer of at least 0.');
  const limit = integer(query.get('limit'), 100, 1, 1000);
  if (limit === null) return invalid('limit must be an integer from 1 to 1000.');
  const sortBy = query.get('sort_by') ?? 'create_time';
  if (sortBy !== 'create_time' && sortBy !== 'execution_time')
    return invalid('sort_by must be create_time or execution_time.');
  const sortOrder = query.get('sort_order') ?? 'desc';
  if (sortOrder !== 'asc' && sortOrder !== 'desc') return invalid('sort_order must be asc or desc.');
  const outputType = query.get('output_type');
  if (outputType !== null && !outputMediaTypes.has(outputType))
    return invalid('output_type must be image, video or audio.');
  const statusRaw = query.get('status');
  const statusFilter = statusRaw === null ? null : parseStatusFilter(statusRaw);
  if (statusFilter && !statusFilter.ok) return invalid(`Unknown status "${statusFilter.value}".`);
  const workflowId = query.get('workflow_id');

  const matching = engine.store.listVisible(owner).filter((job) => {
    if (statusFilter?.ok && statusFilter.statuses.size > 0 && !statusFilter.statuses.has(job.status))
      return false;
    if (workflowId !== null && job.workflowId !== workflowId) return false;
    if (
      outputType !== null &&
      !(job.status === 'succeeded' && job.outputs.some((o) => o.type === outputType))
    )
      return false;
    return true;
  });
  const direction = sortOrder === 'asc' ? 1 : -1;
  matching.sort((a, b) => {
    if (sortBy === 'execution_time') {
      const [x, y] = [executionTime(a), executionTime(b)];
      // Jobs without an execution time sort last in either direction.
      if (x === null || y === null) return x === y ? b.seq - a.seq : x === null ? 1 : -1;
      if (x !== y) return (x - y) * direction;
    }
    return (a.seq - b.seq) * direction;
  });
  const page = matching.slice(offset, offset + limit);
  sendJson(ctx.res, 200, {
    jobs: page.map(v1ListItem),
    pagination: { offset, limit, total: matching.length, has_more: offset + page.length < matching.length },
  });
}
