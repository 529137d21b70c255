// The remembered jobs a job list page walks through, newest first from a position, read from the store a
// stretch at a time as the page takes them: a page of 20 reads about 20 rows, not the profile's whole history
// (reading every remembered job at each list stalled main for 0.3-0.75 s with 25,000 of them).
import type { CreationPlace } from '../store';
import type { LocalHistory, LocalJob } from './localHistory';

export class RememberedQueue {
  private stretch: LocalJob[] = [];
  private head = 0;
  private ended = false;

  /** `after`: where the walk starts (null: at the newest); `stretchSize`: rows read at a time. */
  constructor(
    private readonly history: Pick<LocalHistory, 'newestAfter'>,
    private after: CreationPlace | null,
    private readonly stretchSize: number,
  ) {}

  /** The next job, without taking it; undefined when none is left. */
  peek(): LocalJob | undefined {
    while (this.head >= this.stretch.length && !this.ended) this.readStretch();
    return this.stretch[this.head];
  }

  /** Moves past the job peek() gave. */
  take(): void {
    if (this.head < this.stretch.length) this.head += 1;
  }

  private readStretch(): void {
    const page = this.history.newestAfter(this.after, this.stretchSize);
    this.stretch = page.jobs;
    this.head = 0;
    // A stretch of damaged rows only is passed over: its last place still moves the walk on.
    if (page.last !== null) this.after = page.last;
    if (page.read < this.stretchSize || page.last === null) this.ended = true;
  }
}
