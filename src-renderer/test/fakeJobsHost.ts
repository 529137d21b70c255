// A fake host for the jobs screens: fakeHost's profiles plus a small in-memory job service for jobs.* calls,
// and a stream transport of its own for jobs.watch and jobs.updates so tests can push events, end a stream
// (with or without an error) and see what was subscribed with which arguments.
import { buildLoupeApi, type LoupeApi, type Transport } from '../../src-preload/buildApi';
import type {
  CallName,
  JobListArgs,
  JobLogResult,
  JobOutput,
  JobSnapshot,
  JobSummary,
  JobWatchEvent,
  JobWorkflow,
  StreamName,
} from '../../src-shared/contract';
import type { CallResult, ContractError, StreamMessage } from '../../src-shared/protocol';
import { summaryOf } from '../queries/jobCache';
import { rowMatchesArgs } from '../queries/jobListMatch';
import { fakeHost, type Answer, type FakeHostOptions } from './fakeHost';
import { scopeRefusal } from './scopeCheck';

let clock = Date.parse('2025-01-01T12:00:00.000Z');
/** A strictly increasing ISO time, so each new snapshot is observed after the last. */
export function tick(stepMs = 1000): string {
  clock += stepMs;
  return new Date(clock).toISOString();
}

export function jobSnapshot(patch: Partial<JobSnapshot> & { id: string }): JobSnapshot {
  return {
    profileId: 'local',
    status: 'queued',
    rawStatus: patch.status ?? 'queued',
    createdAt: '2025-01-01T11:00:00.000Z',
    startedAt: null,
    completedAt: null,
    expiresAt: null,
    observedAt: tick(),
    queuePosition: null,
    progress: null,
    outputs: [],
    outputsCount: patch.outputs?.length ?? 0,
    error: null,
    metrics: {},
    labels: {},
    logsOffered: true,
    submittedByUs: false,
    retryOf: null,
    retries: [],
    batchId: null,
    ...patch,
  };
}

export function jobSummary(patch: Partial<JobSummary> & { id: string }): JobSummary {
  return { ...summaryOf(jobSnapshot({ id: patch.id })), ...patch };
}

const ok = (value: unknown): CallResult<unknown> => ({ ok: true, value });
const fail = (code: string, message: string, details?: unknown): CallResult<unknown> => ({
  ok: false,
  error: details === undefined ? { code, message } : { code, message, details },
});

export interface FakeJobsOptions extends FakeHostOptions {
  jobs?: JobSnapshot[];
  logs?: Record<string, JobLogResult>;
  workflows?: Record<string, JobWorkflow>;
  /** The list's `notice` and `source`. */
  notice?: string | null;
  source?: 'service' | 'v1' | 'local';
  /** Answers that replace the fake service's own (e.g. an error for jobs.list). */
  overrides?: Partial<Record<CallName, Answer>>;
  /** Refuse every jobs.watch / jobs.updates subscription with this error. */
  refuseStreams?: ContractError;
  /** Every output of a job, where a snapshot lists only the first (what jobs.outputs pages through). */
  allOutputs?: Record<string, JobOutput[]>;
}

interface OpenStream {
  id: string;
  name: StreamName;
  args: unknown;
  seq: number;
  onMessage: (message: StreamMessage) => void;
}

export function fakeJobsHost(options: FakeJobsOptions = {}) {
  const jobs = new Map<string, JobSnapshot>((options.jobs ?? []).map((job) => [job.id, job]));
  let nextId = 1;
  const newest = () =>
    [...jobs.values()].sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
  const save = (job: JobSnapshot): JobSnapshot => {
    jobs.set(job.id, job);
    return job;
  };
  const missing = (jobId: string) => fail('not_found', `There is no job ${jobId}.`);

  const service: Partial<Record<CallName, Answer>> = {
    'jobs.list': (raw) => {
      const args = raw as JobListArgs;
      const rows = newest()
        .map(summaryOf)
        .filter((row) => rowMatchesArgs(args, row));
      const start = args.cursor ? Number(args.cursor) : 0;
      const end = start + (args.limit ?? 50);
      return ok({
        jobs: rows.slice(start, end),
        nextCursor: end < rows.length ? String(end) : null,
        source: options.source ?? 'service',
        notice: options.notice ?? null,
      });
    },
    'jobs.get': (raw) => {
      const { jobId } = raw as { jobId: string };
      const job = jobs.get(jobId);
      return job ? ok(job) : missing(jobId);
    },
    'jobs.outputs': (raw) => {
      const { jobId, offset, limit } = raw as { jobId: string; offset: number; limit: number };
      const job = jobs.get(jobId);
      if (!job) return missing(jobId);
      const all = options.allOutputs?.[jobId] ?? job.outputs;
      return ok({ outputs: all.slice(offset, offset + limit), total: all.length });
    },
    'jobs.logs': (raw) => {
      const { jobId } = raw as { jobId: string };
      return ok(
        options.logs?.[jobId] ?? {
          state: 'none',
          reason: 'not-captured',
          message: 'This surface keeps no logs.',
        },
      );
    },
    'jobs.workflow': (raw) => {
      const { jobId } = raw as { jobId: string };
      return ok(
        options.workflows?.[jobId] ?? {
          format: 'api',
          workflow: { '1': { class_type: 'SaveText', inputs: { text: 'hello' } } },
        },
      );
    },
    'jobs.submit': (raw) => {
      const { workflowJson } = raw as { workflowJson: string };
      let parsed: unknown;
      try {
        parsed = JSON.parse(workflowJson);
      } catch {
        return fail('invalid_workflow_file', 'The file is not JSON.');
      }
      if (typeof parsed === 'object' && parsed !== null && 'nodes' in parsed && 'links' in parsed) {
        return fail(
          'workflow_format_ui',
          'This is a UI-format workflow (nodes and links). Export it in API format and submit that.',
        );
      }
      return ok(save(jobSnapshot({ id: `new-${nextId++}`, submittedByUs: true, createdAt: tick() })));
    },
    'jobs.cancel': (raw) => {
      const { jobId } = raw as { jobId: string };
      const job = jobs.get(jobId);
      if (!job) return missing(jobId);
      const status =
        job.status === 'queued' ? 'canceled' : job.status === 'running' ? 'canceling' : job.status;
      return ok(save({ ...job, status, rawStatus: status, observedAt: tick() }));
    },
    'jobs.retry': (raw) => {
      const { jobId } = raw as { jobId: string };
      const job = jobs.get(jobId);
      if (!job) return missing(jobId);
      const retry = save(
        jobSnapshot({ id: `${jobId}-r${nextId++}`, retryOf: jobId, submittedByUs: true, createdAt: tick() }),
      );
      save({ ...job, retries: [...job.retries, retry.id], observedAt: tick() });
      return ok(retry);
    },
  };

  const host = fakeHost({ ...service, ...options.overrides }, options);
  const open = new Map<string, OpenStream>();
  const opened: { name: StreamName; args: unknown }[] = [];
  const streamTransport: Transport = {
    call: () => Promise.resolve(fail('not_faked', 'calls go through fakeHost')),
    subscribe: (name, id, args, onMessage) => {
      opened.push({ name, args });
      const exists = (profileId: string) => host.currentProfiles().profiles.some((p) => p.id === profileId);
      const refused = scopeRefusal(name, args, exists);
      if (refused !== null) return Promise.resolve({ ok: false, error: refused });
      if (options.refuseStreams) return Promise.resolve({ ok: false, error: options.refuseStreams });
      open.set(id, { id, name, args, seq: 0, onMessage });
      return Promise.resolve({ ok: true, value: null });
    },
    unsubscribe: (id) => {
      open.delete(id);
    },
  };
  const streams = buildLoupeApi(streamTransport);
  const loupe: LoupeApi = {
    ...host.loupe,
    jobs: { ...host.loupe.jobs, watch: streams.jobs.watch, updates: streams.jobs.updates },
  };

  const matching = (name: StreamName, jobId?: string) =>
    [...open.values()].filter(
      (stream) =>
        stream.name === name && (jobId === undefined || (stream.args as { jobId?: string }).jobId === jobId),
    );
  type Body = { type: 'event'; event: unknown } | { type: 'end'; error?: ContractError };
  const send = (stream: OpenStream, body: Body) => {
    stream.seq += 1;
    const head = { subscriptionId: stream.id, seq: stream.seq };
    stream.onMessage(
      body.type === 'event'
        ? { type: 'event', ...head, event: body.event }
        : { type: 'end', ...head, ...(body.error ? { error: body.error } : {}) },
    );
  };

  return {
    loupe,
    calls: host.calls,
    /** What runs on each profile now (profiles.work). */
    setWork: host.setWork,
    /** Every subscription ever asked for, in order. */
    opened,
    jobs,
    /** Changes a job on the "service" (what jobs.get answers next). */
    setJob: (job: JobSnapshot) => save(job),
    /** Open jobs.watch subscriptions (for one job, if given). */
    watchers: (jobId?: string) => matching('jobs.watch', jobId).map((stream) => stream.args),
    emitWatch: (jobId: string, event: JobWatchEvent): number => {
      const targets = matching('jobs.watch', jobId);
      for (const stream of targets) send(stream, { type: 'event', event });
      return targets.length;
    },
    endWatch: (jobId: string, error?: ContractError): void => {
      for (const stream of matching('jobs.watch', jobId)) {
        open.delete(stream.id);
        send(stream, error ? { type: 'end', error } : { type: 'end' });
      }
    },
    /** Rows to every jobs.updates subscription, or only to those of `profileId`. */
    emitUpdates: (rows: JobSummary[], profileId?: string): number => {
      const targets = matching('jobs.updates').filter(
        (stream) =>
          profileId === undefined || (stream.args as { profileId?: string }).profileId === profileId,
      );
      for (const stream of targets) send(stream, { type: 'event', event: { jobs: rows } });
      return targets.length;
    },
    callsOf: (name: CallName) => host.calls.filter((call) => call.name === name),
  };
}

export type FakeJobsHost = ReturnType<typeof fakeJobsHost>;
