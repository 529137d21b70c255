// Test support: the watcher's timers on a clock the test moves by hand, so what happens "over a second" is
// decided by the code, never by how busy the machine is.
import type { TimerHandle, WatchTimers } from '../timers';

interface Scheduled {
  at: number;
  order: number;
  run: () => void;
}

export class ManualTimers implements WatchTimers {
  private clock = 0;
  private order = 0;
  private readonly scheduled = new Map<TimerHandle, Scheduled>();

  now(): number {
    return this.clock;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    // A real handle, never armed: only its identity is used.
    const handle = setTimeout(() => undefined, 0);
    clearTimeout(handle);
    this.scheduled.set(handle, { at: this.clock + Math.max(0, ms), order: this.order++, run: callback });
    return handle;
  }

  clearTimeout(handle: TimerHandle): void {
    this.scheduled.delete(handle);
  }

  /** Moves the clock forward, running each timer that falls due, in order, at its own time. */
  advance(ms: number): void {
    const target = this.clock + ms;
    for (;;) {
      let next: [TimerHandle, Scheduled] | null = null;
      for (const entry of this.scheduled) {
        const [, timer] = entry;
        if (timer.at > target) continue;
        if (
          next === null ||
          timer.at < next[1].at ||
          (timer.at === next[1].at && timer.order < next[1].order)
        ) {
          next = entry;
        }
      }
      if (next === null) break;
      this.scheduled.delete(next[0]);
      this.clock = Math.max(this.clock, next[1].at);
      next[1].run();
    }
    this.clock = target;
  }

  get pending(): number {
    return this.scheduled.size;
  }
}
