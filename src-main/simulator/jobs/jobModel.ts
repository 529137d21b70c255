// The simulator's own record of a job. The API shapes (Job, list item, v1 item) are projections of it.
import type { ExtraData } from './submitBody';
import type { ValidatedGraph } from './workflowValidation';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'canceling' | 'canceled' | 'failed' | 'expired';

export const terminalStatuses: ReadonlySet<JobStatus> = new Set([
  'succeeded',
  'canceled',
  'failed',
  'expired',
]);

export function isTerminal(status: JobStatus): boolean {
  return terminalStatuses.has(status);
}

export type OutputType = 'image' | 'video' | 'audio' | 'text' | 'file' | 'latent';

export interface Progress {
  value: number;
  nodes_done: number;
  nodes_total: number;
  current_node: string | null;
  current_node_class: string | null;
  step: number | null;
  steps: number | null;
  message: string | null;
}

export interface JobError {
  code: string;
  message: string;
  node_id: string | null;
  class_type: string | null;
  traceback: string | null;
}

export interface OutputRecord {
  assetId: string;
  nodeId: string;
  name: string;
  type: OutputType;
  contentType: string;
  sizeBytes: number;
}

export interface PreviewImage {
  nodeId: string;
  contentType: string;
  bytes: Buffer;
}

export interface LogDocument {
  text: string;
  truncated: boolean;
  captured_at: string;
  complete: boolean;
}

/** How the job was submitted; v1 and v2 share one store, as the real service does. */
export type SubmittedVia = 'v2' | 'v1' | 'editor';

export interface JobRecord {
  id: string;
  owner: string;
  /** Monotonic creation order: newest first in lists, and the keyset behind list cursors. */
  seq: number;
  status: JobStatus;
  createdAt: number;
  startedAt: number | null;
  completedAt: number | null;
  updatedAt: number;
  expiresAt: number;
  /** Bumped on every change, reported as the list item's release_version. */
  version: number;
  submittedVia: SubmittedVia;
  /** The executed API-format graph, as submitted. */
  workflow: Record<string, unknown>;
  graph: ValidatedGraph;
  /** The authoring (UI) document for jobs pinned to a saved workflow version; null otherwise. */
  savedWorkflow: Record<string, unknown> | null;
  /** v1 `workflow_id` (from the saved workflow), null when unknown. */
  workflowId: string | null;
  /** Labels, or null when the surface keeps none. */
  labels: Record<string, string> | null;
  /**
   * The submission's `extra_data` (partner-node credentials), forwarded to the worker. No projection of a job
   * ever includes it: the managed service keeps it with the prompt but redacts it on every read, and a
   * deployment keeps it only until the worker has it (job-and-asset-api.md, "Known differences").
   */
  extraData: ExtraData | null;
  progress: Progress | null;
  latestPreview: PreviewImage | null;
  outputs: OutputRecord[];
  error: JobError | null;
  cancelRequested: boolean;
  logLines: string[];
  /** The captured log once the worker reported its outcome; null when there is none (yet). */
  log: LogDocument | null;
}
