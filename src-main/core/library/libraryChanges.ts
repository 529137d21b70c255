// library.changes: what changed in the library, so open screens refetch. Changes are coalesced (one event per
// kind per quarter second however many outputs were indexed) and the timer never keeps the process alive.
import type { LibraryChange } from '../../../src-shared/contracts/library';

type Kind = LibraryChange['kind'];

const COALESCE_MS = 250;

export class LibraryChanges {
  private readonly pending = new Map<Kind, number>();
  private readonly sinks = new Set<(change: LibraryChange) => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly backlog: () => number) {}

  /** Notes `count` changes of one kind; listeners hear them together a moment later. */
  note(kind: Kind, count: number): void {
    if (count <= 0 || this.sinks.size === 0) return;
    this.pending.set(kind, (this.pending.get(kind) ?? 0) + count);
    if (this.timer !== null) return;
    this.timer = setTimeout(() => this.flush(), COALESCE_MS);
    this.timer.unref();
  }

  subscribe(sink: (change: LibraryChange) => void): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }

  /** Sends what is pending now (tests, and before closing). */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return;
    let backlog = 0;
    try {
      backlog = this.backlog();
    } catch {
      // A closed or damaged store only loses the backlog figure of this event, not the event.
    }
    const changes = [...this.pending];
    this.pending.clear();
    for (const [kind, count] of changes) {
      for (const sink of this.sinks) sink({ kind, count, backlog });
    }
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
    this.sinks.clear();
  }
}
