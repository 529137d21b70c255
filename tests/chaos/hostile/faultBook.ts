// Decides which drawn fault strikes a request. A fault names its targets (an item's identity, a file's hash,
// `list` for list pages) and strikes the first `times` requests about each: keyed by what the request is
// about rather than by arrival order, so Loupe's concurrency does not change which requests are hit.
import type { Route, ServerFault, WireFault } from '../faults';

export interface FiredFault {
  route: Route;
  kind: WireFault;
  target: string;
  processed: boolean;
  /** Milliseconds since the server started. */
  at: number;
}

export class FaultBook {
  /** Off during a trial's healing phase: the service then behaves. */
  enabled = true;
  readonly fired: FiredFault[] = [];
  private readonly used = new Map<string, number>();
  private readonly startedAt = Date.now();

  constructor(private readonly faults: readonly ServerFault[]) {}

  /** The fault that strikes this request (and counts it as fired), or null. */
  strike(route: Route, target: string, kinds?: ReadonlySet<WireFault>): ServerFault | null {
    if (!this.enabled) return null;
    for (const [index, fault] of this.faults.entries()) {
      if (fault.route !== route || (kinds !== undefined && !kinds.has(fault.kind))) continue;
      if (kinds === undefined && fault.kind === 'outputs-10k') continue;
      if (!fault.targets.includes(target) && !fault.targets.includes('*')) continue;
      const counter = `${index}\u0000${target}`;
      const used = this.used.get(counter) ?? 0;
      if (used >= fault.times) continue;
      this.used.set(counter, used + 1);
      this.fired.push({
        route,
        kind: fault.kind,
        target,
        processed: fault.processed,
        at: Date.now() - this.startedAt,
      });
      return fault;
    }
    return null;
  }

  firedOn(target: string): FiredFault[] {
    return this.fired.filter((fault) => fault.target === target);
  }
}
