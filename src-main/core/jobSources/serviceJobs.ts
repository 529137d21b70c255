// The job reads and writes the jobs service and the watcher make, returning wire jobs. Reads go through the
// http layer directly rather than JobsClient.get/list because the tolerant schemas turn an unknown status
// into 'unknown', and the contract keeps the service's own words (rawStatus); parsing is still the api
// layer's schemas. Everything else is JobsClient and V1Client as they are.
import {
  ApiError,
  JobListPageSchema,
  JobSchema,
  JobsClient,
  V1Client,
  type CallOptions,
  type HttpClient,
  type HttpRequest,
  type HttpResponse,
  type ListJobsQuery,
  type SubmitJobBody,
  type V1ListQuery,
} from '../api';
import { absoluteJobLinks } from '../api/links';
import { JobLinkMemory } from './jobLinkMemory';
import { performWrite, type WriteOutcome } from '../api/writeOutcome';
import { segment } from '../api/urls';
import {
  IdempotencyKeySchema,
  isUiFormat,
  listJobsQueryPairs,
  SubmitJobBodySchema,
  validateRequest,
} from '../api/schemas/writers';
import { wireFromJobInParts } from './jobInParts';
import { rawStatusOf, wireFromJob, wireFromListItem, wireFromV1Item, type WireJob } from './wireJob';

export interface WirePage {
  jobs: WireJob[];
  nextCursor: string | null;
}

export interface V1WirePage {
  jobs: WireJob[];
  hasMore: boolean;
  total: number | null;
}

function withOptions(options: CallOptions): Pick<HttpRequest, 'signal' | 'timeoutMs'> {
  return {
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  };
}

function rawStatuses(body: unknown): Map<string, string> {
  const statuses = new Map<string, string>();
  if (typeof body !== 'object' || body === null || !('jobs' in body) || !Array.isArray(body.jobs)) {
    return statuses;
  }
  for (const entry of body.jobs as unknown[]) {
    if (typeof entry === 'object' && entry !== null && 'id' in entry && typeof entry.id === 'string') {
      statuses.set(entry.id, rawStatusOf(entry));
    }
  }
  return statuses;
}

export class ServiceJobs {
  readonly jobs: JobsClient;
  readonly v1: V1Client;
  private readonly links = new JobLinkMemory();

  constructor(private readonly http: HttpClient) {
    this.jobs = new JobsClient(http);
    this.v1 = new V1Client(http);
  }

  /**
   * GET /api/v2/jobs/{id}: the truth about one job. Polled again and again, so a job of thousands of outputs
   * is read a slice at a time (jobInParts.ts).
   */
  async read(jobId: string, options: CallOptions = {}): Promise<WireJob> {
    const response = await this.http.send({
      family: 'v2',
      method: 'GET',
      target: `api/v2/jobs/${segment(jobId)}`,
      ...withOptions(options),
    });
    const body = await response.json('job');
    return this.remembered(
      await wireFromJobInParts({
        body,
        status: response.status,
        requestId: response.requestId,
        url: response.url,
      }),
    );
  }

  /**
   * POST /api/v2/jobs with the Idempotency-Key recorded before this call (ARCHITECTURE rule 6). Never throws
   * for what the service did: the outcome says whether the job exists (writeOutcome.ts). Only a request the
   * service would refuse for its shape throws, before anything is sent. `partnerKey`: the http layer puts the
   * profile's key in `extra_data` as the request leaves; `body`, which the outbox recorded, never holds it.
   */
  submit(
    body: SubmitJobBody,
    idempotencyKey: string,
    options: CallOptions & { partnerKey?: boolean } = {},
  ): Promise<WriteOutcome<WireJob>> {
    // Refused under the code the service would use (workflow_format_ui), so the UI explains it the same way.
    if (isUiFormat(body.workflow)) {
      throw ApiError.invalidRequest(
        'workflow_format_ui',
        'This is a UI-format export; export the workflow in API format and submit that.',
      );
    }
    const value = validateRequest(SubmitJobBodySchema, body, 'invalid_request');
    const key = validateRequest(IdempotencyKeySchema, idempotencyKey, 'invalid_request');
    return performWrite(
      () =>
        this.http.send({
          family: 'v2',
          method: 'POST',
          target: 'api/v2/jobs',
          body: { kind: 'json', value },
          idempotencyKey: key,
          ...(options.partnerKey === true ? { partnerKey: true } : {}),
          ...withOptions(options),
        }),
      (response) => this.jobFrom(response),
      'single-use',
    );
  }

  /**
   * POST to the job's `urls.cancel` (its path when this process has not read the job yet): idempotent, so
   * the http layer may retry it like a read. A 2xx whose answer is lost still means the cancel was taken
   * (writeOutcome.ts): the job is read afresh instead of the request failing.
   */
  async cancel(jobId: string, options: CallOptions = {}): Promise<WireJob> {
    const target = this.links.cancelOf(jobId) ?? `api/v2/jobs/${segment(jobId)}/cancel`;
    const outcome = await performWrite(
      () =>
        this.http.send({
          family: 'v2',
          method: 'POST',
          target,
          idempotent: true,
          ...withOptions(options),
        }),
      (response) => this.jobFrom(response),
      'none',
    );
    if (outcome.kind === 'created') return outcome.value;
    if (outcome.kind === 'created-unread') return this.read(jobId, options);
    throw outcome.error;
  }

  /** One v2 list page, newest first (label filters checked before sending). */
  async listV2(query: ListJobsQuery, options: CallOptions = {}): Promise<WirePage> {
    const response = await this.http.send({
      family: 'v2',
      method: 'GET',
      target: 'api/v2/jobs',
      query: listJobsQueryPairs(query),
      ...withOptions(options),
    });
    const body = await response.json('jobList');
    const parsed = JobListPageSchema.safeParse(body);
    if (!parsed.success) {
      throw ApiError.invalidResponse('The job list could not be read.', response.status, response.requestId);
    }
    const raw = rawStatuses(body);
    return {
      jobs: parsed.data.jobs.map((item) => wireFromListItem(item, raw.get(item.id) ?? 'unknown')),
      nextCursor: parsed.data.nextCursor,
    };
  }

  /** One page of the managed service's deprecated v1 list (X-API-Key; the http layer adds it). */
  async listV1(query: V1ListQuery, options: CallOptions = {}): Promise<V1WirePage> {
    const page = await this.v1.listJobs(query, options);
    return {
      jobs: page.jobs.map(wireFromV1Item),
      hasMore: page.pagination?.has_more ?? false,
      total: page.pagination?.total ?? null,
    };
  }

  private async readJob(request: HttpRequest): Promise<WireJob> {
    return this.jobFrom(await this.http.send(request));
  }

  private async jobFrom(response: HttpResponse): Promise<WireJob> {
    const body = await response.json('job');
    const parsed = JobSchema.safeParse(body);
    if (!parsed.success) {
      throw ApiError.invalidResponse('The job could not be read.', response.status, response.requestId);
    }
    return this.remembered(wireFromJob(absoluteJobLinks(parsed.data, response.url), rawStatusOf(body)));
  }

  private remembered(job: WireJob): WireJob {
    const urls = job['urls'];
    if (typeof urls === 'object' && urls !== null && 'cancel' in urls && typeof urls.cancel === 'string') {
      this.links.remember(job.id, urls.cancel);
    }
    return job;
  }
}
