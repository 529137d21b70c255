// The single requests a connection test is made of. Each one asks one question and answers it as a small
// value, never by throwing an ApiError: a probe that fails is itself an answer ("no", "unknown"), and only
// the orchestrator (probeConnection.ts) decides what the combination means.
import { randomUUID } from 'node:crypto';
import {
  ApiError,
  type HttpClient,
  type Job,
  type JobsClient,
  type RouterClient,
  type V1Client,
} from '../api';

export interface ProbeCall {
  timeoutMs: number;
  signal?: AbortSignal;
}

export type ListingAnswer =
  /** 200: the surface lists jobs; the newest job, when there is one, tells us more about the surface. */
  | { kind: 'listed'; newestJobId: string | null }
  /** 501: the managed service, which has no v2 listing. */
  | { kind: 'not-implemented' }
  /** 404: no list operation here (an older self-hosted build), or no job API at all at this address. */
  | { kind: 'no-route' }
  | { kind: 'failed'; error: ApiError };

/** GET /api/v2/jobs?limit=1: reachability, the credential, and whether the surface lists jobs. */
export async function probeListing(jobs: JobsClient, call: ProbeCall): Promise<ListingAnswer> {
  try {
    const page = await jobs.list({ limit: 1 }, call);
    return { kind: 'listed', newestJobId: page.jobs[0]?.id ?? null };
  } catch (error) {
    const apiError = asApiError(error);
    if (apiError.status === 501) return { kind: 'not-implemented' };
    if (apiError.status === 404) return { kind: 'no-route' };
    return { kind: 'failed', error: apiError };
  }
}

export type CredentialAnswer =
  | { kind: 'accepted' }
  | { kind: 'rejected' }
  | { kind: 'forbidden' }
  /** A bare 404 (not the v2 envelope): whatever answers here does not know the job API. */
  | { kind: 'no-job-api' }
  | { kind: 'unknown'; error: ApiError };

/**
 * Reads a job that cannot exist. Where the list gave no verdict (501, 404), this still reaches an
 * authenticated route: 404 not_found means the service knew the caller and looked; 401 means it did not.
 */
export async function probeCredential(jobs: JobsClient, call: ProbeCall): Promise<CredentialAnswer> {
  try {
    await jobs.get(randomUUID(), call);
    // A job with a random id exists: the credential clearly works.
    return { kind: 'accepted' };
  } catch (error) {
    const apiError = asApiError(error);
    if (apiError.status === 401) return { kind: 'rejected' };
    if (apiError.status === 403) return { kind: 'forbidden' };
    if (apiError.status === 404) {
      return apiError.code === 'not_found' ? { kind: 'accepted' } : { kind: 'no-job-api' };
    }
    return { kind: 'unknown', error: apiError };
  }
}

/** The managed service lists through v1 only; its newest job shows what the v2 surface offers per job. */
export async function newestV1JobId(v1: V1Client, call: ProbeCall): Promise<string | null> {
  try {
    const list = await v1.listJobs({ limit: 1 }, call);
    return list.jobs[0]?.id ?? null;
  } catch (error) {
    asApiError(error);
    return null;
  }
}

export async function readJob(jobs: JobsClient, id: string, call: ProbeCall): Promise<Job | null> {
  try {
    return await jobs.get(id, call);
  } catch (error) {
    asApiError(error);
    return null;
  }
}

/**
 * Opens an event stream and closes it as soon as the headers arrive. 200 text/event-stream: streams;
 * 501: this surface offers no stream; 429 too_many_streams: it streams, it is only busy. Anything else
 * (404, a 5xx) says nothing about streaming.
 */
export async function probeEvents(http: HttpClient, url: string, call: ProbeCall): Promise<boolean | null> {
  try {
    const response = await http.send({
      family: 'v2',
      method: 'GET',
      target: url,
      headers: { accept: 'text/event-stream' },
      retry: false,
      timeoutMs: call.timeoutMs,
      ...(call.signal === undefined ? {} : { signal: call.signal }),
    });
    const streams = response.contentType.toLowerCase().startsWith('text/event-stream');
    // The stream would stay open for the whole run; the headers are all we wanted.
    await response.discard();
    return streams ? true : null;
  } catch (error) {
    const apiError = asApiError(error);
    if (apiError.status === 501) return false;
    if (apiError.status === 429) return true;
    return null;
  }
}

/** Without a job to open, only a 501 from the events route of an unknown id is a real answer. */
export function probeEventsOfUnknownJob(http: HttpClient, call: ProbeCall): Promise<boolean | null> {
  return probeEvents(http, http.urlFor('v2', `api/v2/jobs/${randomUUID()}/events`).toString(), call).then(
    (answer) => (answer === false ? false : null),
  );
}

/**
 * GET /v2/models?limit=1 on the Router's base: 200 yes; 404 (no Router there) and 403 (not_enabled: final,
 * not an outage; or forbidden) no; anything else, including a Router host that does not answer, unknown.
 */
export async function probeRouter(router: RouterClient, call: ProbeCall): Promise<boolean | null> {
  try {
    await router.listModels({ limit: 1 }, call);
    return true;
  } catch (error) {
    const apiError = asApiError(error);
    if (apiError.status === 404 || apiError.status === 403) return false;
    return null;
  }
}

/** Probes answer ApiErrors; anything else (a bug, an abort) is not an answer and goes up. */
function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  throw error;
}
