// The jobs.* calls for one profile: list (jobLister.ts), read, logs, workflow, submit, cancel and retry
// (jobSubmitter.ts). Every job read here goes through the profile's watcher, so the store and every open
// view hear about it, and the job stays fresh afterwards.
import type {
  JobListArgs,
  JobListPage,
  JobLogResult,
  JobOutputsPage,
  JobSnapshot,
  JobWorkflow,
} from '../../../src-shared/contracts/jobs';
import type { JobWatcher } from '../watch/jobWatcher';
import { readJobLog } from './jobLogs';
import type { JobLister } from './jobLister';
import type { JobSubmitter, RetryChanges } from '../outbox';
import { isApiError } from '../api';
import { outputsPage } from '../jobSources/normalize';
import type { ServiceJobs } from '../jobSources/serviceJobs';
import { parseWorkflowText } from './workflowText';

export interface JobsServiceDeps {
  api: ServiceJobs;
  watcher: JobWatcher;
  lister: JobLister;
  submitter: JobSubmitter;
}

export interface SubmitArgs {
  workflowJson: string;
  fileName?: string;
  labels?: Record<string, string>;
  /** The caller's own Idempotency-Key (the CLI's --idempotency-key); see SubmitRequest. */
  idempotencyKey?: string;
}

export class JobsService {
  constructor(private readonly deps: JobsServiceDeps) {}

  list(args: JobListArgs): Promise<JobListPage> {
    return this.deps.lister.list(args);
  }

  /**
   * The job as the service has it now. A job the service no longer knows (404) that Loupe remembers reads as
   * Loupe last had it, noted gone (its outputs, workflow and Retry stay at hand); one it never knew is refused.
   */
  async get(jobId: string): Promise<JobSnapshot> {
    try {
      return this.deps.watcher.track(await this.deps.api.read(jobId));
    } catch (error) {
      if (!isApiError(error) || error.status !== 404) throw error;
      const remembered = this.deps.watcher.rememberedGone(jobId);
      if (remembered === null) throw error;
      return remembered;
    }
  }

  /**
   * A page of the job's outputs, from what Loupe knows of it (the watcher keeps a job someone looks at
   * fresh); a job known only from a list row, or not at all, is read first.
   */
  async outputs(jobId: string, offset: number, limit: number): Promise<JobOutputsPage> {
    const known = this.deps.watcher.outputsPage(jobId, offset, limit);
    if (known !== null) return known;
    const wire = await this.deps.api.read(jobId);
    this.deps.watcher.track(wire);
    return outputsPage(wire, offset, limit);
  }

  /** Reads the job first: whether it has finished decides what "no log" means. */
  async logs(jobId: string): Promise<JobLogResult> {
    const wire = await this.deps.api.read(jobId);
    this.deps.watcher.track(wire);
    return readJobLog(this.deps.api, wire);
  }

  async workflow(jobId: string): Promise<JobWorkflow> {
    const document = await this.deps.api.jobs.workflow(jobId);
    return { format: document.format, workflow: document.workflow };
  }

  async submit(args: SubmitArgs): Promise<JobSnapshot> {
    const workflow = parseWorkflowText(args.workflowJson, args.fileName);
    return await this.deps.submitter.submit({
      workflow,
      ...(args.labels === undefined ? {} : { labels: args.labels }),
      ...(args.fileName === undefined ? {} : { fileName: args.fileName }),
      ...(args.idempotencyKey === undefined ? {} : { idempotencyKey: args.idempotencyKey }),
    });
  }

  /** The answer is usually `canceling`; the watcher keeps polling until the interrupt lands. */
  async cancel(jobId: string): Promise<JobSnapshot> {
    return this.deps.watcher.track(await this.deps.api.cancel(jobId));
  }

  retry(jobId: string, changed?: RetryChanges): Promise<JobSnapshot> {
    return this.deps.submitter.retry(jobId, changed);
  }
}
