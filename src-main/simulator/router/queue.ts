// The queued surface's engine: IN_QUEUE → IN_PROGRESS → COMPLETED on a step timer (NOTES.md Part B,
// "Queue status"). Each workspace has a single runner, so queue positions visibly move one step at a time.
import { randomUUID } from 'node:crypto';
import { routerError } from './answer';
import type { Accounting } from './accounting';
import {
  executeRun,
  providerFailureOf,
  type ProviderFailure,
  type RunOutcome,
  type RunPlan,
} from './execute';
import type { RouterFaults, RouterSettings } from './state';

export type QueueStatus = 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED';

export interface QueuedRun {
  id: string;
  owner: string;
  plan: RunPlan;
  status: QueueStatus;
  stepsLeft: number;
  waitedSteps: number;
  cancelRequested: boolean;
  /** Sampled at dispatch, so switching a fault later does not change a run already under way. */
  providerFailure: ProviderFailure;
  outcome: RunOutcome | null;
  completedAt: number | null;
}

export class RunQueue {
  private readonly runs = new Map<string, QueuedRun>();
  /** Per owner: ids still IN_QUEUE, in admission order (index = queue_position). */
  private readonly waiting = new Map<string, string[]>();
  private readonly running = new Map<string, QueuedRun>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly settings: RouterSettings,
    private readonly faults: () => RouterFaults,
    private readonly accounting: Accounting,
  ) {}

  waitingCount(owner: string): number {
    return this.waiting.get(owner)?.length ?? 0;
  }

  admit(owner: string, plan: RunPlan): QueuedRun {
    const run: QueuedRun = {
      id: randomUUID(),
      owner,
      plan,
      status: 'IN_QUEUE',
      stepsLeft: plan.model.steps,
      waitedSteps: 0,
      cancelRequested: false,
      providerFailure: null,
      outcome: null,
      completedAt: null,
    };
    this.runs.set(run.id, run);
    this.waiting.set(owner, [...(this.waiting.get(owner) ?? []), run.id]);
    if (this.timer === null) {
      this.timer = setInterval(() => this.tick(), this.settings.stepMs);
      this.timer.unref();
    }
    return run;
  }

  find(id: string): QueuedRun | undefined {
    return this.runs.get(id);
  }

  position(run: QueuedRun): number {
    return Math.max(0, this.waiting.get(run.owner)?.indexOf(run.id) ?? 0);
  }

  /** Router's guess at when the next poll is worth making, in milliseconds. */
  etaMs(run: QueuedRun): number {
    if (run.status === 'IN_PROGRESS') return run.stepsLeft * this.settings.stepMs;
    const ahead = this.running.get(run.owner)?.stepsLeft ?? 0;
    return (ahead + this.position(run) + 1) * this.settings.stepMs;
  }

  /** Record a cancellation ask; it takes effect at the next step, so it is accepted, not yet carried out. */
  requestCancel(run: QueuedRun): 'accepted' | 'already_completed' {
    if (run.status === 'COMPLETED') return 'already_completed';
    run.cancelRequested = true;
    return 'accepted';
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  private complete(run: QueuedRun, outcome: RunOutcome): void {
    run.status = 'COMPLETED';
    run.outcome = outcome;
    run.completedAt = this.settings.now();
  }

  /** A cancelled run's charge, if any, is taken where the cancel lands (see advance). */
  private cancelled(run: QueuedRun): RunOutcome {
    return {
      ok: false,
      errorType: 'cancelled',
      costCents: 0,
      answer: routerError(409, 'cancelled', `request ${run.id} was cancelled`),
    };
  }

  /** Never ran, so never charged (NOTES.md Part B: IN_QUEUE can go straight to COMPLETED). */
  private timedOut(run: QueuedRun): void {
    const detail = `request ${run.id} waited too long in the queue and never ran`;
    this.complete(run, {
      ok: false,
      errorType: 'queue_timeout',
      costCents: 0,
      answer: routerError(504, 'queue_timeout', detail),
    });
  }

  private tick(): void {
    for (const [owner, run] of [...this.running]) this.advance(owner, run);
    for (const [owner, ids] of this.waiting) {
      // Cancelled before dispatch: straight from IN_QUEUE to COMPLETED, never charged.
      const live = ids.flatMap((id) => {
        const run = this.runs.get(id);
        if (!run) return [];
        if (run.cancelRequested) {
          this.complete(run, this.cancelled(run));
          return [];
        }
        return [run];
      });
      // The queueTimeout fault stands for a queue that never gets to anyone: every waiting request times out.
      const starved = this.faults().queueTimeout === true;
      const paused = this.faults().queuePaused === true;
      const head = live[0];
      if (head && !starved && !paused && !this.running.has(owner)) {
        live.shift();
        head.status = 'IN_PROGRESS';
        head.providerFailure = providerFailureOf(this.faults());
        this.running.set(owner, head);
      }
      for (const run of paused ? [] : live) {
        run.waitedSteps += 1;
        if (starved || run.waitedSteps > this.settings.queueTimeoutSteps) this.timedOut(run);
      }
      this.waiting.set(
        owner,
        live.filter((run) => run.status === 'IN_QUEUE').map((run) => run.id),
      );
    }
    if (this.running.size === 0 && [...this.waiting.values()].every((ids) => ids.length === 0)) this.stop();
  }

  private advance(owner: string, run: QueuedRun): void {
    if (run.cancelRequested && run.stepsLeft > 1) {
      // Cancelled after dispatch: the provider already worked, so the run is charged.
      this.accounting.charge(owner, run.plan.costCents);
      this.complete(run, this.cancelled(run));
      this.running.delete(owner);
      return;
    }
    // A cancel that arrives during the last step loses the race: the run finishes (and is charged).
    run.stepsLeft -= 1;
    if (run.stepsLeft > 0) return;
    const outcome = executeRun(run.plan, run.providerFailure);
    this.accounting.charge(owner, outcome.costCents);
    this.complete(run, outcome);
    this.running.delete(owner);
  }
}
