// v2 jobs (job-and-asset-api.md "Jobs"). A job known by id is addressed by path; a job we hold is
// addressed through its own `urls`, which the service gives so clients do not build URLs.
import { callOptions, type CallOptions } from './callOptions';
import { ApiError } from './errors';
import type { HttpClient } from './http';
import { absoluteJobLinks } from './links';
import {
  JobSchema,
  LogDocumentSchema,
  WorkflowDocumentSchema,
  type Job,
  type JobUrls,
  type LogDocument,
  type WorkflowDocument,
} from './schemas/job';
import { JobListPageSchema, type JobListPage } from './schemas/jobList';
import { listJobsQueryPairs, type ListJobsQuery } from './schemas/writers';
import { segment } from './urls';

/** A job id, or a job whose links are followed. */
export type JobRef = string | { id: string; urls: JobUrls };

export type LogResult =
  | { log: LogDocument; reason: null }
  /**
   * 'no-content': 204, no log now (may appear after a terminal status; final on a terminal job).
   * 'not-captured': the job has no logs link, so the surface captures no logs.
   * 'not-supported': an older self-hosted build without the operation (routing 404).
   */
  | { log: null; reason: 'no-content' | 'not-captured' | 'not-supported' };

/**
 * The v2 jobs reads. Loupe writes jobs (submit, cancel) only through ServiceJobs (core/jobSources), under the one
 * outcome model of api/writeOutcome.ts, so there is one v2 jobs writer, not two. A job's event stream is found
 * through its own `urls.events` (core/watch).
 */
export class JobsClient {
  constructor(private readonly http: HttpClient) {}

  /** Reads a job: the call polled to a terminal status. */
  async get(ref: JobRef, options: CallOptions = {}): Promise<Job> {
    const response = await this.http.send({
      family: 'v2',
      method: 'GET',
      target: typeof ref === 'string' ? jobPath(ref) : ref.urls.self,
      ...callOptions(options),
    });
    return absoluteJobLinks(await response.parse(JobSchema, 'job'), response.url);
  }

  /** One page, newest first. Label filters are checked before sending. 501 on the managed service. */
  async list(query: ListJobsQuery = {}, options: CallOptions = {}): Promise<JobListPage> {
    const response = await this.http.send({
      family: 'v2',
      method: 'GET',
      target: 'api/v2/jobs',
      query: listJobsQueryPairs(query),
      ...callOptions(options),
    });
    return response.parse(JobListPageSchema, 'jobList');
  }

  /** The workflow document: branch on `format` ('save' or 'api'; 'unknown' for anything newer). */
  async workflow(id: string, options: CallOptions = {}): Promise<WorkflowDocument> {
    const response = await this.http.send({
      family: 'v2',
      method: 'GET',
      target: `${jobPath(id)}/workflow`,
      ...callOptions(options),
    });
    return response.parse(WorkflowDocumentSchema, 'workflow');
  }

  async logs(ref: JobRef, options: CallOptions = {}): Promise<LogResult> {
    let target: string;
    if (typeof ref === 'string') target = `${jobPath(ref)}/logs`;
    else if (ref.urls.logs === null) return { log: null, reason: 'not-captured' };
    else target = ref.urls.logs;
    try {
      const response = await this.http.send({ family: 'v2', method: 'GET', target, ...callOptions(options) });
      if (response.status === 204) {
        await response.discard();
        return { log: null, reason: 'no-content' };
      }
      return { log: await response.parse(LogDocumentSchema, 'log'), reason: null };
    } catch (error) {
      // A v2 404 says not_found in the envelope; a bare 404 is a router that lacks the operation.
      if (error instanceof ApiError && error.status === 404 && error.code === 'http_404') {
        return { log: null, reason: 'not-supported' };
      }
      throw error;
    }
  }
}

function jobPath(id: string): string {
  return `api/v2/jobs/${segment(id)}`;
}
