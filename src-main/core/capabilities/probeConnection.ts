// One connection test: a few short requests, in parallel where they do not depend on each other, read
// together into what the report says. Three rounds at most:
//   1. the job list (reachability, credential, listing) and the Router catalog, side by side;
//   2. where the list gave no verdict, a read of a job that cannot exist (credential), and on the managed
//      service the v1 list (to find a job, since v2 cannot list there);
//   3. with a job in hand, its links: `urls.logs` says whether the surface captures logs (a surface that
//      does offers the link on every job), and `urls.events` is opened to see whether it streams.
// Without a job, log capture is inferred from the surface (job-and-asset-api.md: only serverless captures
// logs; an older self-hosted build lacks the operation), since no request can tell.
import {
  ApiError,
  HttpClient,
  JobsClient,
  RetryPolicy,
  RouterClient,
  V1Client,
  type Connection,
  type Surface,
} from '../api';
import type { ConnectionReport } from '../../../src-shared/contract';
import * as problems from './problems';
import {
  newestV1JobId,
  probeCredential,
  probeEvents,
  probeEventsOfUnknownJob,
  probeListing,
  probeRouter,
  readJob,
  type CredentialAnswer,
  type ListingAnswer,
  type ProbeCall,
} from './probes';

export type Findings = Omit<ConnectionReport, 'profileId' | 'checkedAt'>;
type Capabilities = Findings['capabilities'];

export interface ProbeOptions {
  fetch?: typeof fetch;
  now: () => number;
  /** Per request; a test should answer in seconds, not wait out the app's usual 30 s. */
  timeoutMs: number;
  /** Stops the test (the CLI's Ctrl-C): it ends as the abort it is, never as a finding. */
  signal?: AbortSignal;
}

const unknownCapabilities: Capabilities = {
  listsJobs: null,
  capturesLogs: null,
  streamsEvents: null,
  router: null,
};

export async function probeConnection(connection: Connection, options: ProbeOptions): Promise<Findings> {
  let credentialSaved: boolean;
  try {
    const credential = await connection.credential();
    credentialSaved = credential !== null;
  } catch {
    return silent(problems.credentialUnavailable());
  }
  const http = new HttpClient({
    connection,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    // One attempt each: a test reports what it sees now, and a retry would only hide it or slow it down.
    retryPolicy: new RetryPolicy({ maxAttempts: 1 }),
    defaultTimeoutMs: options.timeoutMs,
  });
  const call: ProbeCall = {
    timeoutMs: options.timeoutMs,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
  const jobs = new JobsClient(http);
  const host = problems.displayHost(connection.baseUrl);

  const started = options.now();
  const timedListing = async (): Promise<{ listing: ListingAnswer; latencyMs: number }> => {
    const listing = await probeListing(jobs, call);
    return { listing, latencyMs: options.now() - started };
  };
  const [{ listing, latencyMs }, router] = await Promise.all([
    timedListing(),
    probeRouter(new RouterClient(http), call),
  ]);

  if (listing.kind === 'failed')
    return failedListing(connection.surface, host, listing.error, credentialSaved, {
      latencyMs,
      router,
    });

  // Only an older self-hosted build lacks the list; elsewhere a 404 there means the address (or its
  // mount prefix) does not lead to the job API at all.
  if (listing.kind === 'no-route' && connection.surface !== 'self-hosted') {
    return {
      reachable: true,
      latencyMs: nonNegative(latencyMs),
      credentialAccepted: null,
      capabilities: { ...unknownCapabilities, router },
      problem: problems.notTheService(host),
    };
  }

  const [credential, jobId] = await Promise.all([
    listing.kind === 'listed'
      ? Promise.resolve<CredentialAnswer>({ kind: 'accepted' })
      : probeCredential(jobs, call),
    jobToInspect(listing, connection.surface, http, call),
  ]);
  const listsJobs = listing.kind === 'listed';
  const base = { reachable: true, latencyMs: nonNegative(latencyMs) };
  const refused = credentialRefusal(credential, host, credentialSaved, {
    ...unknownCapabilities,
    listsJobs,
    router,
  });
  if (refused !== null) return { ...base, ...refused };

  const job = jobId === null ? null : await readJob(jobs, jobId, call);
  const streamsEvents =
    job === null ? await probeEventsOfUnknownJob(http, call) : await probeEvents(http, job.urls.events, call);
  const capturesLogs = job === null ? inferLogCapture(connection.surface, listing) : job.urls.logs !== null;
  return {
    ...base,
    // No credential saved and the service let us in: it needs none.
    credentialAccepted: credential.kind === 'accepted' ? (credentialSaved ? true : null) : null,
    capabilities: { listsJobs, capturesLogs, streamsEvents, router },
    // The service answered the key check with 429 or 5xx: no verdict, and the person should know why.
    problem: credential.kind === 'unknown' ? problems.credentialUnchecked(host, credential.error) : null,
  };
}

/** A job whose links show what the surface offers: the newest listed one, or on managed the newest in v1. */
function jobToInspect(
  listing: ListingAnswer,
  surface: Surface,
  http: HttpClient,
  call: ProbeCall,
): Promise<string | null> {
  if (listing.kind === 'listed') return Promise.resolve(listing.newestJobId);
  return surface === 'managed' ? newestV1JobId(new V1Client(http), call) : Promise.resolve(null);
}

/** What the report says when the credential probe found a refusal; null when the test can go on. */
function credentialRefusal(
  credential: CredentialAnswer,
  host: string,
  credentialSaved: boolean,
  partial: Capabilities,
): Omit<Findings, 'reachable' | 'latencyMs'> | null {
  switch (credential.kind) {
    case 'rejected':
      return {
        credentialAccepted: false,
        capabilities: partial,
        problem: problems.credentialRejected(host, credentialSaved),
      };
    case 'forbidden':
      return { credentialAccepted: true, capabilities: partial, problem: problems.forbidden(host) };
    case 'no-job-api':
      return {
        credentialAccepted: null,
        capabilities: { ...unknownCapabilities, router: partial.router },
        problem: problems.notTheService(host),
      };
    case 'unknown':
    case 'accepted':
      return null;
  }
}

/** The job list failed outright: nothing answered, or the answer was a refusal we can explain. */
function failedListing(
  surface: Surface,
  host: string,
  error: ApiError,
  credentialSaved: boolean,
  seen: { latencyMs: number; router: boolean | null },
): Findings {
  if (error.kind === 'network' || error.kind === 'timeout')
    return silent(problems.unreachable(surface, host, error));
  if (error.kind === 'invalid-request' || error.kind === 'credential') {
    return silent(
      error.kind === 'credential' ? problems.credentialUnavailable() : problems.invalidAddress(error.message),
    );
  }
  const answered = { reachable: true, latencyMs: nonNegative(seen.latencyMs) };
  const capabilities: Capabilities = { ...unknownCapabilities, router: seen.router };
  if (error.status === 401) {
    return {
      ...answered,
      credentialAccepted: false,
      capabilities,
      problem: problems.credentialRejected(host, credentialSaved),
    };
  }
  if (error.status === 403) {
    return { ...answered, credentialAccepted: true, capabilities, problem: problems.forbidden(host) };
  }
  if (error.kind === 'invalid-response') {
    return { ...answered, credentialAccepted: null, capabilities, problem: problems.notTheService(host) };
  }
  return { ...answered, credentialAccepted: null, capabilities, problem: problems.serviceError(host, error) };
}

/** A report for a test that never got an answer (or never sent anything). */
export function silent(problem: problems.Problem): Findings {
  return {
    reachable: false,
    credentialAccepted: null,
    capabilities: unknownCapabilities,
    latencyMs: null,
    problem,
  };
}

/**
 * With no job to look at, the documents decide: only serverless captures logs, and an older self-hosted
 * build (no list, no logs operation) captures none.
 */
function inferLogCapture(surface: Surface, listing: ListingAnswer): boolean {
  if (listing.kind === 'no-route') return false;
  return surface === 'serverless';
}

function nonNegative(ms: number): number {
  return Math.max(0, ms);
}
