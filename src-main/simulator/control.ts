// SimulatorControl: what tests and the Demo host can do to a running simulator in-process, and what
// /_sim exposes over HTTP.
import type { FaultInput } from './faultSettings';
import type { KeySnapshot } from './jobs/idempotency';
import type { JobStatus } from './jobs/jobModel';
import type { RecordedRequest } from './requestLog';
import type { Surface } from './types';

export interface SimulatorStats {
  requests: { total: number; byStatus: Record<string, number> };
  uploadBytesReceived: number;
  assets: number;
  blobs: number;
  jobs: { total: number; byStatus: Partial<Record<JobStatus, number>> };
  activeStreams: number;
  idempotencyKeys: number;
}

export interface JobSummary {
  id: string;
  owner: string;
  status: JobStatus;
  created_at: string;
  outputs: number;
}

export interface SimulatorControl {
  readonly surface: Surface;
  readonly prefix: string;
  readonly apiKeys: readonly string[];
  /** The simulator's notion of now (wall clock plus any advance). */
  now(): number;
  /** Move time forward: job retention and signed-URL expiry follow. */
  advanceClock(ms: number): void;
  /** Merge fault switches (see faultSettings.ts); `null`/`false` turns one off. */
  setFaults(input: FaultInput): void;
  clearFaults(): void;
  faults(): Record<string, unknown>;
  requests(): readonly RecordedRequest[];
  clearRequests(): void;
  idempotency(): KeySnapshot[];
  jobs(): JobSummary[];
  stats(): SimulatorStats;
  /** Back to the state right after start: no jobs, assets, requests; start-time faults; seed re-applied. */
  reset(): void;
}
