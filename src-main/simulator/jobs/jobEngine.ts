// The job engine shared by the v2 routes, the v1 routes, the demo seed and introspection: one store,
// one queue, one event hub, one idempotency registry, so a job submitted through v1 is the same job v2
// reads.
import { randomUUID } from 'node:crypto';
import type { AssetPort, MediaPort } from '../ports';
import type { Surface } from '../types';
import { IdempotencyRegistry } from './idempotency';
import { JobEventHub } from './jobEvents';
import type { JobRecord, SubmittedVia } from './jobModel';
import type { ExtraData } from './submitBody';
import { JobRunner, type RunnerTiming } from './jobRunner';
import { JobStore } from './jobStore';
import { validateWorkflow, type ValidatedGraph, type ValidationResult } from './workflowValidation';

/** What a surface does with submitted labels: serverless keeps them, the proxy drops them, Cloud refuses them. */
export type LabelPolicy = 'kept' | 'dropped' | 'refused';

export function defaultLabelPolicy(surface: Surface): LabelPolicy {
  if (surface === 'serverless') return 'kept';
  return surface === 'managed' ? 'refused' : 'dropped';
}

export interface JobEngineOptions {
  surface: Surface;
  assets: AssetPort;
  media: MediaPort;
  now: () => number;
  timing: RunnerTiming & { retentionMs: number };
  workers: number;
  labelPolicy: LabelPolicy;
  /** The owner an API key authenticates as (null for none): partner nodes bill the account whose key came. */
  ownerForKey: (key: string) => string | null;
}

export interface NewJob {
  owner: string;
  graph: ValidatedGraph;
  labels: Record<string, string> | null;
  via: SubmittedVia;
  /** Partner-node credentials from the submission's extra_data. */
  extraData?: ExtraData | null;
  savedWorkflow?: Record<string, unknown> | null;
  workflowId?: string | null;
  /** For seeded history: pretend the job was created this long ago. */
  createdAgoMs?: number;
}

export class JobEngine {
  readonly store: JobStore;
  readonly hub = new JobEventHub();
  readonly runner: JobRunner;
  readonly idempotency: IdempotencyRegistry;

  constructor(readonly options: JobEngineOptions) {
    this.store = new JobStore(options.now);
    this.idempotency = new IdempotencyRegistry(options.now);
    this.runner = new JobRunner({
      hub: this.hub,
      assets: options.assets,
      media: options.media,
      now: options.now,
      timing: options.timing,
      workers: options.workers,
      ownerForKey: options.ownerForKey,
      // Only the managed service keeps extra_data with the prompt (and redacts it on read); elsewhere it is
      // dispatch-only and gone once the worker has it.
      keepsExtraData: options.surface === 'managed',
    });
  }

  get surface(): Surface {
    return this.options.surface;
  }

  validate(workflow: unknown, owner: string): ValidationResult {
    return validateWorkflow(workflow, (assetId) => this.options.assets.isOwnedBy(assetId, owner));
  }

  /** Create a record without queueing it (the seed fills in finished history this way). */
  createRecord(input: NewJob): JobRecord {
    const createdAt = this.options.now() - (input.createdAgoMs ?? 0);
    const job: JobRecord = {
      id: randomUUID(),
      owner: input.owner,
      seq: this.store.takeSeq(),
      status: 'queued',
      createdAt,
      startedAt: null,
      completedAt: null,
      updatedAt: createdAt,
      expiresAt: createdAt + this.options.timing.retentionMs,
      version: 1,
      submittedVia: input.via,
      workflow: input.graph.workflow,
      graph: input.graph,
      savedWorkflow: input.savedWorkflow ?? null,
      workflowId: input.workflowId ?? null,
      labels: this.options.labelPolicy === 'kept' ? (input.labels ?? {}) : null,
      extraData: input.extraData ?? null,
      progress: null,
      latestPreview: null,
      outputs: [],
      error: null,
      cancelRequested: false,
      logLines: [],
      log: null,
    };
    this.store.add(job);
    return job;
  }

  /** Submission proper: a 201 means the job is recorded and queued. */
  submit(input: NewJob): JobRecord {
    const job = this.createRecord(input);
    this.runner.enqueue(job);
    return job;
  }

  reset(): void {
    this.runner.reset();
    this.store.clear();
    this.idempotency.reset();
  }
}
