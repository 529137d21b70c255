// From the service's words to the contract's: a wire job (a v2 Job, a v2 or v1 list row, a stored snapshot)
// becomes a JobSnapshot or a JobSummary. An unknown status becomes 'unknown' with its text kept in
// rawStatus, and is never terminal (ARCHITECTURE rule 5).
import {
  JOB_STATUSES,
  isTerminalJobStatus,
  type JobError,
  type JobOutput,
  type JobProgress,
  type JobSnapshot,
  type JobStatus,
  type JobSummary,
  OUTPUT_TYPES,
  SNAPSHOT_OUTPUTS,
  rowPictureOf,
} from '../../../src-shared/contracts/jobs';
import type { JobError as WireJobError, Output, Progress } from '../api';
import type { OutputRow } from '../store';
import { outputsCountOf, readWire, type ReadWireJob, type WireJob } from './wireJob';

const contractStatuses: ReadonlySet<string> = new Set(JOB_STATUSES);

function isContractStatus(text: string): text is JobStatus {
  return contractStatuses.has(text);
}

/** A v2 status text (or a v1 status already read as v2) as the contract's status. */
export function contractStatus(text: string): JobStatus {
  return isContractStatus(text) ? text : 'unknown';
}

export function isTerminal(status: JobStatus): boolean {
  return isTerminalJobStatus(status);
}

/** What Loupe itself knows about a job: whether it sent it, and the attempts chain. */
export interface LocalFacts {
  submittedByUs: boolean;
  retryOf: string | null;
  retries: string[];
  /** The labels Loupe sent with it: shown when the service does not echo labels (an older build). */
  sentLabels?: Record<string, string> | null;
  /** The batch of several items Loupe sent this job for (batchItemsTable.severalItemBatchOf). */
  batchId?: string | null;
  /** When the service answered 404 for the job while it was open (jobsTable.markGone); null or absent if not. */
  goneAt?: string | null;
}

/** The service's labels when it echoes any, else the ones Loupe sent (the job still carries them for us). */
function labelsOf(echoed: Record<string, string>, local: LocalFacts): Record<string, string> {
  if (Object.keys(echoed).length > 0) return echoed;
  return local.sentLabels ?? echoed;
}

export const noLocalFacts: LocalFacts = { submittedByUs: false, retryOf: null, retries: [] };

export interface NormalizeContext {
  profileId: string;
  /** ISO time Loupe learned this. */
  observedAt: string;
  local: LocalFacts;
  /** Used when the wire job has no links to say so (a list row): does this surface capture logs? */
  surfaceOffersLogs: boolean;
}

function count(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : 0;
}

function integerOrNull(value: number | null): number | null {
  return value === null || !Number.isFinite(value) ? null : Math.trunc(value);
}

function progressOf(progress: Progress | null): JobProgress | null {
  if (progress === null) return null;
  return {
    value: Number.isFinite(progress.value) ? progress.value : 0,
    nodesDone: count(progress.nodes_done),
    nodesTotal: count(progress.nodes_total),
    currentNode: progress.current_node,
    currentNodeClass: progress.current_node_class,
    step: integerOrNull(progress.step),
    steps: integerOrNull(progress.steps),
    message: progress.message,
  };
}

/** An output's fields as the contract names them; the store keeps the same ones (its size is its own). */
export function outputFields(output: Output): Omit<JobOutput, 'sizeBytes'> {
  return {
    assetId: output.id,
    nodeId: output.node_id,
    name: output.name,
    type: output.type,
    contentType: output.content_type,
    hash: output.hash,
  };
}

function outputOf(output: Output): JobOutput {
  return {
    ...outputFields(output),
    sizeBytes: output.size_bytes === null ? null : count(output.size_bytes),
  };
}

/** Every output of the wire job as the contract names them, in its order (a batch's gallery, an export). */
export function outputsOfWire(wire: WireJob): JobOutput[] {
  return (readWire(wire).outputs ?? []).map(outputOf);
}

/** An output as the store's outputs table keeps it, as the contract names it. */
export function outputOfRow(row: OutputRow): JobOutput {
  return {
    assetId: row.assetId,
    nodeId: row.nodeId,
    name: row.name,
    type: contractOutputType(row.type),
    contentType: row.contentType,
    sizeBytes: row.size,
    hash: row.hash,
  };
}

const contractOutputTypes: ReadonlySet<string> = new Set(OUTPUT_TYPES);

function isContractOutputType(type: string): type is JobOutput['type'] {
  return contractOutputTypes.has(type);
}

function contractOutputType(type: string): JobOutput['type'] {
  return isContractOutputType(type) ? type : 'unknown';
}

/** A page of the wire job's outputs, and how many it has in all (jobs.outputs). */
export function outputsPage(
  wire: WireJob,
  offset: number,
  limit: number,
): { outputs: JobOutput[]; total: number } {
  const outputs = readWire(wire).outputs ?? [];
  return { outputs: outputs.slice(offset, offset + limit).map(outputOf), total: outputs.length };
}

/** The first outputs, the ones a snapshot carries and a row's picture is chosen from. */
function firstOutputs(read: ReadWireJob): Output[] {
  return (read.outputs ?? []).slice(0, SNAPSHOT_OUTPUTS);
}

function errorOf(error: WireJobError | null): JobError | null {
  if (error === null) return null;
  return {
    code: error.code,
    message: error.message,
    nodeId: error.node_id,
    classType: error.class_type,
    traceback: error.traceback,
  };
}

/**
 * The status, and the text the service sent. A job the service said it forgot while open is 'unknown' (how it
 * ended cannot be known), its last status kept in rawStatus; an end read before that stands.
 */
function statusOf(
  read: ReadWireJob,
  local: LocalFacts,
): { status: JobStatus; rawStatus: string; goneAt?: string } {
  const status = contractStatus(read.status);
  const rawStatus = read.v1_status ?? read.status;
  // `goneAt` only when the job is gone: every other job's shape stays as it was.
  const goneAt = isTerminal(status) ? null : (local.goneAt ?? null);
  return goneAt === null ? { status, rawStatus } : { status: 'unknown', rawStatus, goneAt };
}

function queuePositionOf(read: ReadWireJob): number | null {
  return read.queue_position === null ? null : count(read.queue_position);
}

export function toSnapshot(wire: WireJob, context: NormalizeContext): JobSnapshot {
  const read = readWire(wire);
  return {
    id: read.id,
    profileId: context.profileId,
    ...statusOf(read, context.local),
    createdAt: read.created_at,
    startedAt: read.started_at,
    completedAt: read.completed_at,
    expiresAt: read.expires_at,
    observedAt: context.observedAt,
    queuePosition: queuePositionOf(read),
    progress: progressOf(read.progress),
    outputs: firstOutputs(read).map(outputOf),
    outputsCount: count(outputsCountOf(read) ?? 0),
    error: errorOf(read.error),
    metrics: read.metrics,
    labels: labelsOf(read.metadata, context.local),
    logsOffered: read.urls === null ? context.surfaceOffersLogs : read.urls.logs !== null,
    submittedByUs: context.local.submittedByUs,
    retryOf: context.local.retryOf,
    retries: [...context.local.retries],
    batchId: context.local.batchId ?? null,
  };
}

export function toSummary(wire: WireJob, context: NormalizeContext): JobSummary {
  const read = readWire(wire);
  const outputsCount = outputsCountOf(read);
  return {
    id: read.id,
    ...statusOf(read, context.local),
    createdAt: read.created_at,
    completedAt: read.completed_at,
    observedAt: context.observedAt,
    labels: labelsOf(read.metadata, context.local),
    progress: progressOf(read.progress)?.value ?? null,
    queuePosition: queuePositionOf(read),
    outputsCount: outputsCount === null ? null : count(outputsCount),
    errorMessage: read.error === null ? null : read.error.message,
    submittedByUs: context.local.submittedByUs,
    retryOf: context.local.retryOf,
    batchId: context.local.batchId ?? null,
    // A row without an outputs field (a bare list row) has no picture Loupe knows of: null, never a guess.
    // The first outputs only, as summaryOfSnapshot sees them: a row has the same picture whoever builds it.
    thumbnail: read.outputs === null ? null : rowPictureOf(firstOutputs(read).map(outputFields)),
  };
}

// The row of a snapshot is the same in main and the renderer: one function, in the contract.
export { summaryOfSnapshot } from '../../../src-shared/contracts/jobs';
