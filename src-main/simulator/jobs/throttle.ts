// Latest-value throttling for SSE: at most one send per interval, and when sends are skipped only
// the newest value is kept (a progress snapshot or a preview fully replaces the previous one).

export class LatestValueThrottle<T> {
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private pending: { value: T } | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly send: (value: T) => void,
  ) {}

  push(value: T): void {
    const wait = this.lastSentAt + this.intervalMs - Date.now();
    if (wait <= 0 && this.timer === null) {
      this.lastSentAt = Date.now();
      this.send(value);
      return;
    }
    this.pending = { value };
    this.timer ??= setTimeout(
      () => {
        this.timer = null;
        this.flush();
      },
      Math.max(wait, 0),
    );
  }

  /** Count an out-of-band send (the snapshot on connect) against the interval. */
  markSent(): void {
    this.lastSentAt = Date.now();
  }

  /** Send the held value now, if any (before a terminal status, so the final snapshot is not lost). */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const pending = this.pending;
    this.pending = null;
    if (pending) {
      this.lastSentAt = Date.now();
      this.send(pending.value);
    }
  }

  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }
}
