// At most `limit` holders at once; the rest wait their turn in order. Thumbnails use two: one bounds the
// sources being read ahead, the other the pictures libvips has in hand (two on this two-core machine),
// however many tiles a grid asks for at once.
export class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** Waits for a turn; the returned release ends it (a second call does nothing). */
  async acquire(): Promise<() => void> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
      this.waiting.shift()?.();
    };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }
}
