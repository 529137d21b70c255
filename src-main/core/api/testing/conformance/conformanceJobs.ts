// Test support: the v2 job writes as bare requests (submit, cancel), for the conformance suites that check
// the service's (the simulator's) own answers to them. Loupe itself writes jobs only through the outbox and
// ServiceJobs under the one outcome model (api/writeOutcome.ts); production has no second way to write one.
import { randomUUID } from 'node:crypto';
import { callOptions, type CallOptions } from '../../callOptions';
import { checkedJsonPost } from '../../checkedJsonPost';
import { ApiError } from '../../errors';
import { JobsClient, jobPath, type JobRef } from '../../jobsClient';
import { absoluteJobLinks } from '../../links';
import { JobSchema, type Job } from '../../schemas/job';
import {
  IdempotencyKeySchema,
  isUiFormat,
  SubmitJobBodySchema,
  validateRequest,
  type SubmitJobBody,
} from '../../schemas/writers';

export class ConformanceJobs extends JobsClient {
  /**
   * Submits a workflow. Pass the Idempotency-Key recorded before sending (ARCHITECTURE rule 6); an
   * unknown outcome comes back as ApiError kind 'maybe-created' carrying that key.
   */
  async submit(body: SubmitJobBody, options: CallOptions & { idempotencyKey?: string } = {}): Promise<Job> {
    // Refused locally under the code the service would use, so the UI explains it the same way.
    if (isUiFormat(body.workflow)) {
      throw ApiError.invalidRequest(
        'workflow_format_ui',
        'This is a UI-format export; export the workflow in API format and submit that.',
      );
    }
    const post = checkedJsonPost({ family: 'v2', target: 'api/v2/jobs' }, SubmitJobBodySchema, body, options);
    const idempotencyKey = validateRequest(
      IdempotencyKeySchema,
      options.idempotencyKey ?? randomUUID(),
      'invalid_request',
    );
    const response = await this.http.send({ ...post, idempotencyKey });
    return absoluteJobLinks(await response.parse(JobSchema, 'job'), response.url);
  }

  /** Requests cancellation; idempotent, so it is retried like a read. Returns canceling, canceled or terminal. */
  async cancel(ref: JobRef, options: CallOptions = {}): Promise<Job> {
    const response = await this.http.send({
      family: 'v2',
      method: 'POST',
      target: typeof ref === 'string' ? `${jobPath(ref)}/cancel` : ref.urls.cancel,
      idempotent: true,
      ...callOptions(options),
    });
    return absoluteJobLinks(await response.parse(JobSchema, 'job'), response.url);
  }
}
