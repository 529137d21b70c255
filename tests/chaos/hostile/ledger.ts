// What the hostile service made: every job and asset, the Idempotency-Keys it has seen, and the blobs it
// holds. This is the truth the verdict counts against (jobs per item, assets per file), kept apart from the
// HTTP layer so it says nothing about how answers were mangled on the way out.
import { fixedFraction } from '../prng';

export type ServiceJobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceling' | 'canceled';

export interface ServiceJob {
  id: string;
  /** Order of creation across the trial, from 1. */
  seq: number;
  /** The item it belongs to (trialWorkflow.ts), or null for a workflow that is not a trial's. */
  identity: string | null;
  key: string | null;
  workflow: Record<string, unknown>;
  metadata: Record<string, string>;
  createdAt: number;
  queuedMs: number;
  runMs: number;
  /** Ends `failed` (an execution error, decided by the seed) instead of `succeeded`. */
  fails: boolean;
  cancelRequestedAt: number | null;
  /** Once succeeded, lists 10,000 outputs (a drawn fault). */
  manyOutputs: boolean;
  /** Another job of the same item that was still alive (or had succeeded) when this one was made. */
  doubles: string | null;
}

export interface ServiceAsset {
  id: string;
  hash: string;
  size: number;
  contentType: string;
  filePath: string;
  createdAt: number;
  /** How it was minted: Loupe's multipart upload or from-hash, or seeded before the trial. */
  route: 'upload' | 'from-hash' | 'seeded';
  key: string | null;
  createdNew: boolean;
}

/** How long a trial's jobs queue and run: short, so a 50-item batch ends in seconds. */
export interface JobClockOptions {
  queuedMs: readonly [number, number];
  runMs: readonly [number, number];
  failRate: number;
  /** Items whose jobs run this long instead (the ones a trial cancels, so a cancel finds them running). */
  longRun: { identities: ReadonlySet<string>; ms: number };
}

const CANCEL_TAKES_MS = 40;

export class ServiceLedger {
  readonly jobs = new Map<string, ServiceJob>();
  readonly assets = new Map<string, ServiceAsset>();
  /** blake3 hash → size and type of the bytes held. */
  readonly blobs = new Map<string, { size: number; contentType: string }>();
  private readonly jobKeys = new Set<string>();
  private readonly assetKeys = new Set<string>();
  private seq = 0;
  private assetSeq = 0;

  constructor(
    private readonly seed: number,
    private readonly clock: JobClockOptions,
  ) {}

  /** Rule 1 and 2: a key seen before is refused. Rule 3: claimed only once a request reaches submission. */
  keyTaken(kind: 'job' | 'asset', key: string): boolean {
    return (kind === 'job' ? this.jobKeys : this.assetKeys).has(key);
  }

  claimKey(kind: 'job' | 'asset', key: string): void {
    (kind === 'job' ? this.jobKeys : this.assetKeys).add(key);
  }

  /** Rule 4: a definite refusal that made nothing frees the key for a retry. */
  releaseKey(kind: 'job' | 'asset', key: string): void {
    (kind === 'job' ? this.jobKeys : this.assetKeys).delete(key);
  }

  createJob(input: {
    identity: string | null;
    key: string | null;
    workflow: Record<string, unknown>;
    metadata: Record<string, string>;
    manyOutputs: boolean;
  }): ServiceJob {
    const now = Date.now();
    this.seq += 1;
    const attempt = input.identity === null ? this.seq : this.jobsOf(input.identity).length;
    const name = `${this.seed}:${input.identity ?? 'stray'}:${attempt}`;
    const [qLow, qHigh] = this.clock.queuedMs;
    const [rLow, rHigh] = this.clock.runMs;
    const sibling =
      input.identity === null
        ? undefined
        : this.jobsOf(input.identity).find((job) => {
            const status = this.statusOf(job, now);
            return status !== 'failed' && status !== 'canceled';
          });
    const job: ServiceJob = {
      id: uuidFrom(name, this.seq),
      seq: this.seq,
      ...input,
      createdAt: now,
      queuedMs: qLow + Math.floor(fixedFraction(name, 'queued') * (qHigh - qLow)),
      runMs:
        input.identity !== null && this.clock.longRun.identities.has(input.identity)
          ? this.clock.longRun.ms
          : rLow + Math.floor(fixedFraction(name, 'run') * (rHigh - rLow)),
      fails: fixedFraction(name, 'fails') < this.clock.failRate,
      cancelRequestedAt: null,
      doubles: sibling?.id ?? null,
    };
    this.jobs.set(job.id, job);
    return job;
  }

  jobsOf(identity: string): ServiceJob[] {
    return [...this.jobs.values()].filter((job) => job.identity === identity);
  }

  /** The job's status at `now`, from its clock: queued → running → succeeded/failed, or a cancel's path. */
  statusOf(job: ServiceJob, now = Date.now()): ServiceJobStatus {
    const startsAt = job.createdAt + job.queuedMs;
    const endsAt = startsAt + job.runMs;
    const cancel = job.cancelRequestedAt;
    if (cancel !== null && cancel < endsAt) {
      // A queued job is removed at once; a running one stops at the next step boundary (NOTES).
      if (cancel < startsAt) return now < startsAt || now >= cancel ? 'canceled' : 'queued';
      if (now < cancel) return 'running';
      return now < cancel + CANCEL_TAKES_MS ? 'canceling' : 'canceled';
    }
    if (now < startsAt) return 'queued';
    if (now < endsAt) return 'running';
    return job.fails ? 'failed' : 'succeeded';
  }

  /** Times of the job's transitions for its fields (started_at, completed_at), null until they happened. */
  timesOf(job: ServiceJob, now = Date.now()): { startedAt: number | null; completedAt: number | null } {
    const status = this.statusOf(job, now);
    const startsAt = job.createdAt + job.queuedMs;
    const notStarted =
      status === 'queued' || (status === 'canceled' && (job.cancelRequestedAt ?? 0) < startsAt);
    const ended = status === 'succeeded' || status === 'failed' || status === 'canceled';
    const endedAt =
      status === 'canceled'
        ? Math.max(job.cancelRequestedAt ?? 0, job.createdAt) + CANCEL_TAKES_MS
        : startsAt + job.runMs;
    return { startedAt: notStarted ? null : startsAt, completedAt: ended ? endedAt : null };
  }

  requestCancel(job: ServiceJob): void {
    job.cancelRequestedAt ??= Date.now();
  }

  addBlob(hash: string, size: number, contentType: string): boolean {
    const isNew = !this.blobs.has(hash);
    if (isNew) this.blobs.set(hash, { size, contentType });
    return isNew;
  }

  createAsset(input: Omit<ServiceAsset, 'id' | 'createdAt'>): ServiceAsset {
    this.assetSeq += 1;
    const asset: ServiceAsset = {
      id: uuidFrom(`${this.seed}:asset:${input.hash}`, 0x10000 + this.assetSeq),
      createdAt: Date.now(),
      ...input,
    };
    this.assets.set(asset.id, asset);
    return asset;
  }

  /** NOTES: from-hash with an identical reference (same bytes, same placement) returns the existing asset. */
  identicalReference(hash: string, filePath: string): ServiceAsset | null {
    for (const asset of this.assets.values()) {
      if (asset.hash === hash && asset.filePath === filePath && asset.route !== 'seeded') return asset;
    }
    return null;
  }
}

/** A UUID-shaped id fixed by a name and a counter (ids stay readable in a replay). */
function uuidFrom(name: string, counter: number): string {
  const hex = (part: string): string =>
    Math.floor(fixedFraction(name, counter, part) * 0xffffffff)
      .toString(16)
      .padStart(8, '0');
  const a = hex('a');
  const b = hex('b');
  const c = hex('c');
  const d = counter.toString(16).padStart(12, '0').slice(-12);
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-8${c.slice(1, 4)}-${d}`;
}
