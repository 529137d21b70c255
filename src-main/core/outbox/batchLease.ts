// One sender per batch, across processes (ARCHITECTURE rule 13): before a batch's items leave, its sender
// takes the batch's lease in the store (owner + heartbeat). A second sender, in this process or another,
// is told who holds it; a lease whose owner stopped renewing it expires, and one whose owner process is gone
// (same machine, its pid no longer exists) is taken over at once, so a resume after kill -9 need not wait.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { DomainError } from '../errors';
import type { LoupeStore } from '../store';

/** A lease not renewed for this long is free: several heartbeats' worth, far above any stall we accept. */
export const LEASE_EXPIRY_MS = 20_000;
/** How often the holder renews it (the run loop calls `renew` every round; this bounds the writes). */
const HEARTBEAT_EVERY_MS = 3_000;

/** This process's (and this core's) name as a lease owner: `host:pid:nonce`. */
export function newLeaseOwner(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** Whether the process named by a lease owner certainly no longer exists (same machine only). */
export function ownerIsGone(owner: string): boolean {
  const [host, pidText] = owner.split(':');
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it exists, owned by another user. Only ESRCH says it is gone.
    return error instanceof Error && 'code' in error && error.code === 'ESRCH';
  }
}

/** Words for a person: who holds a lease. */
export function describeOwner(owner: string): string {
  const [host, pid] = owner.split(':');
  if (host === hostname() && Number(pid) === process.pid) return 'this Loupe';
  return host === hostname()
    ? `another Loupe on this computer (process ${pid ?? '?'})`
    : `Loupe on ${host ?? '?'}`;
}

export interface HeldLease {
  /** Renews the lease if due; false when it was lost (it expired and another sender took it over). */
  renew(): boolean;
  release(): void;
}

export class BatchLeases {
  constructor(
    private readonly store: LoupeStore,
    private readonly owner: string,
    private readonly now: () => number,
  ) {}

  /** Takes the batch's lease, or says who is sending it (`batch_sending_elsewhere`). */
  acquire(batchId: string): HeldLease {
    const answer = this.store.batchSending.acquire(
      batchId,
      this.owner,
      this.now(),
      LEASE_EXPIRY_MS,
      ownerIsGone,
    );
    if (!answer.acquired) {
      throw new DomainError(
        'batch_sending_elsewhere',
        `This batch is already being sent by ${describeOwner(answer.owner)}. It goes on there; ` +
          'follow it here, or stop it there first.',
        { details: { owner: answer.owner } },
      );
    }
    let lastBeat = this.now();
    return {
      renew: () => {
        const now = this.now();
        if (now - lastBeat < HEARTBEAT_EVERY_MS) return true;
        lastBeat = now;
        return this.store.batchSending.heartbeat(batchId, this.owner, now);
      },
      release: () => this.store.batchSending.release(batchId, this.owner),
    };
  }
}
