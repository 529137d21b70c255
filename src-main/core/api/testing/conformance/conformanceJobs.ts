// Test support: the conformance suites' job writes (submit, cancel), made by Loupe's one v2 job writer,
// ServiceJobs (core/jobSources; the outbox sends through it under the outcome model of api/writeOutcome.ts).
// Nothing here sends a request of its own; it only unwraps the outcome for brevity: a job made comes back as
// the api's Job, anything else is thrown as its ApiError, so a suite can assert the service's status, code and
// kind ('maybe-created' for an unknown outcome). The reads are JobsClient's, as they are.
import { randomUUID } from 'node:crypto';
import { ServiceJobs } from '../../../jobSources/serviceJobs';
import type { HttpClient } from '../../http';
import { JobsClient, type JobRef } from '../../jobsClient';
import { JobSchema, type Job } from '../../schemas/job';
import type { SubmitJobBody } from '../../schemas/writers';

export class ConformanceJobs extends JobsClient {
  private readonly writer: ServiceJobs;

  constructor(http: HttpClient) {
    super(http);
    this.writer = new ServiceJobs(http);
  }

  /** Submits under `idempotencyKey` (a fresh one if none); a refusal or an unknown outcome is thrown. */
  async submit(body: SubmitJobBody, options: { idempotencyKey?: string } = {}): Promise<Job> {
    const outcome = await this.writer.submit(body, options.idempotencyKey ?? randomUUID());
    if (outcome.kind !== 'created') throw outcome.error;
    return JobSchema.parse(outcome.value);
  }

  /** Requests cancellation: canceling, canceled, or the job unchanged when it had already finished. */
  async cancel(ref: JobRef): Promise<Job> {
    return JobSchema.parse(await this.writer.cancel(typeof ref === 'string' ? ref : ref.id));
  }
}
