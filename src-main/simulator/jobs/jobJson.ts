// Projections of a job record onto the v2 wire shapes: Job, Output, list item.
import { isoTime } from '../clock';
import type { AssetPort } from '../ports';
import type { Surface } from '../types';
import type { JobRecord, OutputRecord } from './jobModel';
import type { JobRunner } from './jobRunner';

export interface ProjectionContext {
  surface: Surface;
  origin: string;
  prefix: string;
  assets: AssetPort;
  runner: JobRunner;
}

/** Host-relative links that already include the mount prefix (spec "JobUrls"). */
export function jobUrls(
  job: JobRecord,
  ctx: Pick<ProjectionContext, 'surface' | 'prefix'>,
): Record<string, string> {
  const self = `${ctx.prefix}/api/v2/jobs/${job.id}`;
  const urls: Record<string, string> = { self, events: `${self}/events`, cancel: `${self}/cancel` };
  // Only a surface that captures logs offers the link, and then on every job.
  if (ctx.surface === 'serverless') urls.logs = `${self}/logs`;
  return urls;
}

export function outputJson(
  job: JobRecord,
  output: OutputRecord,
  ctx: ProjectionContext,
): Record<string, unknown> {
  const asset = ctx.assets.outputJson(output.assetId, { origin: ctx.origin, prefix: ctx.prefix });
  return {
    node_id: output.nodeId,
    name: output.name,
    type: output.type,
    content_type: output.contentType,
    size_bytes: output.sizeBytes,
    id: output.assetId,
    hash: asset.hash,
    url: asset.url,
    // Not the signed URL's expiry: on managed and serverless it repeats the job's expires_at; the
    // self-hosted proxy has no signed URLs and reports what the asset service says (null).
    url_expires_at: ctx.surface === 'self-hosted' ? asset.url_expires_at : isoTime(job.expiresAt),
    job_id: job.id,
  };
}

/** An output whose asset is gone (deleted by a reset, aged out a moment early) is left out, never a 500. */
function renderableOutput(
  job: JobRecord,
  output: OutputRecord,
  ctx: ProjectionContext,
): Record<string, unknown>[] {
  try {
    return [outputJson(job, output, ctx)];
  } catch {
    return [];
  }
}

function metrics(job: JobRecord): Record<string, number | null> {
  return {
    queue_ms: job.startedAt === null ? null : job.startedAt - job.createdAt,
    execution_ms: job.startedAt === null || job.completedAt === null ? null : job.completedAt - job.startedAt,
  };
}

export function jobJson(job: JobRecord, ctx: ProjectionContext): Record<string, unknown> {
  const body: Record<string, unknown> = {
    id: job.id,
    status: job.status,
    created_at: isoTime(job.createdAt),
    started_at: job.startedAt === null ? null : isoTime(job.startedAt),
    completed_at: job.completedAt === null ? null : isoTime(job.completedAt),
    expires_at: isoTime(job.expiresAt),
    queue_position: ctx.runner.queuePosition(job),
    progress: job.progress,
    outputs: job.outputs.flatMap((output) => renderableOutput(job, output, ctx)),
    error: job.error,
    metrics: metrics(job),
    urls: jobUrls(job, ctx),
  };
  if (job.labels !== null) body.metadata = job.labels;
  return body;
}

export function listItemJson(job: JobRecord): Record<string, unknown> {
  return {
    id: job.id,
    status: job.status,
    create_time: isoTime(job.createdAt),
    update_time: isoTime(job.updatedAt),
    release_version: job.version,
    metadata: job.labels ?? {},
  };
}
