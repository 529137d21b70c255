// Per-workspace money and concurrency: committed spend (US cents, reported on run responses and 429s) and the
// pool of in-flight synchronous calls (NOTES.md Part B, "Concurrency").

/** Per-request price from which a model gets a reduced share of the pool (vendor docs: $5). */
const EXPENSIVE_CENTS = 500;

export type Acquire = { ok: true; release: () => void } | { ok: false; headers: Record<string, string> };

export class Accounting {
  private readonly spent = new Map<string, number>();
  private readonly inFlight = new Map<string, Set<symbol>>();

  constructor(
    private readonly spendLimitCents: number,
    private readonly concurrencyLimit: number,
  ) {}

  spendHeaders(owner: string): Record<string, string> {
    const current = this.spent.get(owner) ?? 0;
    return {
      'x-committed-spend-limit': String(this.spendLimitCents),
      'x-committed-spend-current': String(current),
      'x-committed-spend-remaining': String(Math.max(0, this.spendLimitCents - current)),
    };
  }

  canAfford(owner: string, cents: number): boolean {
    return (this.spent.get(owner) ?? 0) + cents <= this.spendLimitCents;
  }

  charge(owner: string, cents: number): void {
    this.spent.set(owner, (this.spent.get(owner) ?? 0) + cents);
  }

  /** Models costing $5 or more per request get a quarter of the pool, at least one slot. */
  limitFor(costCents: number): number {
    return costCents >= EXPENSIVE_CENTS
      ? Math.max(1, Math.floor(this.concurrencyLimit / 4))
      : this.concurrencyLimit;
  }

  /** Take a slot in the owner's pool, or say why not with the pool's X-Concurrency-* headers. */
  acquire(owner: string, costCents: number): Acquire {
    const slots = this.inFlight.get(owner) ?? new Set<symbol>();
    const limit = this.limitFor(costCents);
    if (slots.size >= limit) {
      return {
        ok: false,
        headers: {
          'x-concurrency-limit': String(limit),
          'x-concurrency-current': String(slots.size),
          'x-concurrency-remaining': String(Math.max(0, limit - slots.size)),
        },
      };
    }
    const token = Symbol(owner);
    slots.add(token);
    this.inFlight.set(owner, slots);
    // Releasing twice is harmless, so a run that outlives its HTTP response can release at its real end.
    return { ok: true, release: () => slots.delete(token) };
  }
}
