// Everything jobs-related for one profile, built from its connection: the watcher (started at once, so the
// jobs still in flight at the last quit are picked up again) and the jobs service that answers the calls.
import { randomUUID } from 'node:crypto';
import { Supervisor } from '../supervision/supervisor';
import { abortableSleep, HttpClient, RetryPolicy, type Connection, type Sleep } from '../api';
import type { LoupeStore } from '../store';
import type { WatchConfig } from '../watch/config';
import { JobWatcher } from '../watch/jobWatcher';
import { ObservedHttpClient } from '../watch/observedHttp';
import { systemTimers, type WatchTimers } from '../watch/timers';
import {
  BatchLeases,
  BatchRunner,
  BatchSenders,
  ItemSender,
  JobSubmitter,
  newLeaseOwner,
  PartnerKeyPolicy,
  PartnerNodeCatalog,
  SubmissionReconciler,
  SubmissionResumer,
} from '../outbox';
import { JobLister } from './jobLister';
import { withTitles } from '../library/jobTitles';
import { JobsService } from './jobsService';
import { ListCapability } from '../jobSources/listCapability';
import { LocalHistory } from '../jobSources/localHistory';
import { ServiceJobs } from '../jobSources/serviceJobs';
import type { WireJob } from '../jobSources/wireJob';

export interface ProfileJobsOptions {
  online?: () => boolean;
  timers?: WatchTimers;
  watch?: Partial<WatchConfig>;
  fetch?: typeof fetch;
  /** How long a request may take, its body included (the http layer's 30 s when absent). */
  requestTimeoutMs?: number;
  /** The retry policy of calls a person made (the http layer's default when absent). */
  retryPolicy?: RetryPolicy;
  sleep?: Sleep;
  newId?: () => string;
  /** Uniform in [0, 1), for the watcher's backoff jitter (tests pin it). */
  random?: () => number;
  /** Looks the reconciler makes after an unknown outcome, and the wait between them. */
  reconcileAttempts?: number;
  reconcileDelayMs?: number;
  logError?: (message: string, error: unknown) => void;
  /**
   * When set, submissions recorded before this time (ms) and never answered are taken up again once the
   * runtime is built (submissionResumer.ts). Hosts pass their start time, once per profile.
   */
  resumeSubmissionsBefore?: number;
  /** Where background work is started (core/supervision); one of its own when absent. */
  supervisor?: Supervisor;
  /** Told when a batch starts or stops sending on this profile. */
  onSendingChange?: () => void;
  /** Told of every list page's rows (the library queues finished jobs whose outputs it does not know). */
  onListed?: (profileId: string, rows: readonly WireJob[]) => void;
  /** This core's name as a batch lease owner (batchLease.ts); one per process when absent. */
  leaseOwner?: string;
}

export interface ProfileJobs {
  profileId: string;
  service: JobsService;
  watcher: JobWatcher;
  /** Planned batches of this profile: sent through the outbox, a window at a time. */
  batches: BatchRunner;
  /** The app's background sending of those batches (pause, resume, cancel, window). */
  senders: BatchSenders;
  /**
   * Something still runs on this profile: a batch sending (the app's or any other run), a submission on its
   * way, a job of Loupe's own in flight, a resume.
   */
  hasWork(): boolean;
  /** Stops it; resolves once its batch runs have recorded what their sends came to. */
  dispose(error?: Parameters<JobWatcher['dispose']>[0]): Promise<void>;
}

/** Cores that name no owner of their own share this process's. */
const processLeaseOwner = newLeaseOwner();

export function createProfileJobs(
  profileId: string,
  connection: Connection,
  store: LoupeStore,
  options: ProfileJobsOptions = {},
): ProfileJobs {
  const fetchOption = {
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.requestTimeoutMs === undefined ? {} : { defaultTimeoutMs: options.requestTimeoutMs }),
  };
  const logError = options.logError ?? ((message: string, error: unknown) => console.error(message, error));
  const leaseOwner = options.leaseOwner ?? processLeaseOwner;
  // Calls a person made get the http layer's retries; the watcher's reads do not, it has its own backoff.
  const api = new ServiceJobs(
    new HttpClient({
      connection,
      ...fetchOption,
      ...(options.retryPolicy === undefined ? {} : { retryPolicy: options.retryPolicy }),
    }),
  );
  const single = (): RetryPolicy => new RetryPolicy({ maxAttempts: 1 });
  const reader = new ServiceJobs(new HttpClient({ connection, retryPolicy: single(), ...fetchOption }));
  const capability = new ListCapability();
  const history = new LocalHistory(store.jobs, profileId, store.batchItems);
  const timers = options.timers ?? systemTimers;
  const now = (): number => timers.now();
  const watcher = new JobWatcher({
    profileId,
    surfaceOffersLogs: connection.surface === 'serverless',
    reader,
    streamHttp: (onFailure) =>
      new ObservedHttpClient({ connection, retryPolicy: single(), ...fetchOption }, onFailure),
    capability,
    store,
    history,
    ...(options.online === undefined ? {} : { online: options.online }),
    timers,
    ...(options.watch === undefined ? {} : { config: options.watch }),
    ...(options.logError === undefined ? {} : { logError: options.logError }),
    ...(options.random === undefined ? {} : { random: options.random }),
  });
  const reconciler = new SubmissionReconciler({
    api,
    capability,
    history,
    isClaimed: (jobId) => store.batchItems.claimsJob(profileId, jobId),
    sleep: options.sleep ?? abortableSleep,
    ...(options.reconcileAttempts === undefined ? {} : { attempts: options.reconcileAttempts }),
    ...(options.reconcileDelayMs === undefined ? {} : { delayMs: options.reconcileDelayMs }),
  });
  // Asks the service once in a while which nodes are partner nodes, only while the user's choice is on.
  const partnerKey = new PartnerKeyPolicy({
    choice: connection.sendsPartnerKey ?? (() => false),
    catalog: new PartnerNodeCatalog({ objectInfo: (signal) => reader.v1.objectInfo({ signal }), now }),
  });
  const sender = new ItemSender({ profileId, api, store, reconciler, partnerKey });
  const submitter = new JobSubmitter({
    profileId,
    api,
    store,
    history,
    watcher,
    sender,
    newId: options.newId ?? randomUUID,
    now,
  });
  const lister = new JobLister({
    profileId,
    api,
    capability,
    history,
    watcher,
    surfaceOffersLogs: connection.surface === 'serverless',
    surface: connection.surface,
    now,
    nameJobs: (jobs) => withTitles(store, profileId, jobs),
    ...(options.onListed === undefined
      ? {}
      : { onListed: (rows: readonly WireJob[]) => options.onListed?.(profileId, rows) }),
  });
  watcher.start();
  const resumer = new SubmissionResumer({
    profileId,
    store,
    submitter,
    now,
    logError,
  });
  const supervisor = options.supervisor ?? new Supervisor(logError);
  const resumeBefore = options.resumeSubmissionsBefore;
  let resuming = false;
  if (resumeBefore !== undefined) {
    resuming = true;
    supervisor.run('Taking up unanswered submissions', () =>
      resumer.resumeAll(resumeBefore).finally(() => (resuming = false)),
    );
  }
  const service = new JobsService({ api, watcher, lister, submitter });
  const batches = new BatchRunner({
    profileId,
    store,
    submitter,
    watcher,
    leases: new BatchLeases(store, leaseOwner, () => Date.now()),
    ...(options.logError === undefined ? {} : { logError: options.logError }),
    cancelJob: (jobId) => service.cancel(jobId),
    newId: options.newId ?? randomUUID,
    now,
    sleep: options.sleep ?? abortableSleep,
  });
  const senders = new BatchSenders(batches, store, logError, leaseOwner, options.onSendingChange, now);
  if (options.resumeSubmissionsBefore !== undefined) {
    // Batches the user left sending when Loupe last stopped go on, with the window and retry they had.
    try {
      senders.resumeWanted(profileId);
    } catch (error) {
      (options.logError ?? console.error)('Batches left sending could not be taken up', error);
    }
  }
  return {
    profileId,
    service,
    watcher,
    batches,
    senders,
    // Every way work runs here counts, whoever started it: a run the CLI drives itself is in neither the app's
    // senders nor (between one job's end and the next send) the watcher, and releasing the runtime then left
    // the run waiting for jobs nobody followed.
    hasWork: () =>
      resuming ||
      senders.sendingCount() > 0 ||
      batches.runningCount() > 0 ||
      submitter.busy() ||
      watcher.stats().ownInFlight > 0,
    dispose: async (error) => {
      resumer.stop();
      const stopping = senders.dispose();
      watcher.dispose(error);
      await stopping;
    },
  };
}
