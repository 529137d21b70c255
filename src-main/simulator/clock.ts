// A wall clock that tests (and /_sim/clock) can move forward, so retention deadlines and signed-URL
// expiry can be exercised without waiting. Timers still run on real time; only "now" shifts.

export class SimulatorClock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }

  offset(): number {
    return this.offsetMs;
  }
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}
