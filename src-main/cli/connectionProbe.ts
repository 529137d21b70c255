// `profiles test`: is the service there, does it take the credential, and can it list jobs. Two plain GETs,
// each sent once (a probe reports what it sees instead of retrying over it): a read of a job id that cannot
// exist (404 not_found proves both reachability and an accepted credential), and a one-item job list.
import { ApiError, HttpClient, JobsClient, RetryPolicy, type Connection } from '../core/api';

export type CredentialVerdict = 'accepted' | 'rejected' | 'forbidden' | 'not-needed' | 'unknown';

export interface ProbeResult {
  baseUrl: string;
  surface: Connection['surface'];
  reachable: boolean;
  credential: CredentialVerdict;
  /** Whether GET /api/v2/jobs works here (501 on the managed service; missing on older proxies). */
  listsJobs: boolean | null;
  /** The failure that decided the verdict, when there was one. */
  problem: { code: string; message: string; status: number | null } | null;
}

const impossibleJobId = '00000000-0000-4000-8000-000000000000';

export async function probeConnection(
  connection: Connection,
  fetchImpl?: typeof fetch,
  signal?: AbortSignal,
): Promise<ProbeResult> {
  const http = new HttpClient({
    connection,
    retryPolicy: new RetryPolicy({ maxAttempts: 1 }),
    defaultTimeoutMs: 10_000,
    ...(fetchImpl === undefined ? {} : { fetch: fetchImpl }),
  });
  const jobs = new JobsClient(http);
  const options = signal === undefined ? {} : { signal };
  const hasCredential = ((await connection.credential()) ?? '') !== '';
  const result: ProbeResult = {
    baseUrl: connection.baseUrl,
    surface: connection.surface,
    reachable: false,
    credential: 'unknown',
    listsJobs: null,
    problem: null,
  };
  try {
    await jobs.get(impossibleJobId, options);
    // A job under that id should not exist, but an answer is an answer.
    result.reachable = true;
    result.credential = hasCredential ? 'accepted' : 'not-needed';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    result.reachable = error.kind === 'http' || error.kind === 'invalid-response';
    result.credential = verdictFor(error, hasCredential);
    if (!(error.status === 404 && error.code === 'not_found')) result.problem = problemOf(error);
  }
  if (!result.reachable || result.credential === 'rejected') return result;
  try {
    await jobs.list({ limit: 1 }, options);
    result.listsJobs = true;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 501 || error.status === 404) result.listsJobs = false;
    else result.problem ??= problemOf(error);
  }
  return result;
}

function verdictFor(error: ApiError, hasCredential: boolean): CredentialVerdict {
  if (error.status === 401) return 'rejected';
  if (error.status === 403) return 'forbidden';
  if (error.status === 404 && error.code === 'not_found') return hasCredential ? 'accepted' : 'not-needed';
  return 'unknown';
}

function problemOf(error: ApiError): ProbeResult['problem'] {
  return { code: error.code, message: error.message, status: error.status > 0 ? error.status : null };
}
