// What the server saw, for tests that assert on traffic (Bruno-style introspection): every request
// outside /_sim, including signed-storage fetches, with whether it carried credentials.

export interface RecordedRequest {
  method: string;
  /** Full path as received, including any mount prefix. */
  path: string;
  /** Raw query string without the leading '?', '' when none. */
  query: string;
  credentials: boolean;
  /** The status answered; 499 when the client went away before any answer was sent. */
  status: number;
  /** ISO time the request arrived. */
  time: string;
  durationMs: number;
}

const maxEntries = 10_000;

export class RequestLog {
  private entries: RecordedRequest[] = [];
  private total = 0;
  private readonly byStatus = new Map<number, number>();

  record(entry: RecordedRequest): void {
    this.total += 1;
    this.byStatus.set(entry.status, (this.byStatus.get(entry.status) ?? 0) + 1);
    this.entries.push(entry);
    // Keep memory bounded for a long-running demo server; counts stay exact.
    if (this.entries.length > maxEntries) this.entries.splice(0, this.entries.length - maxEntries);
  }

  list(): readonly RecordedRequest[] {
    return this.entries;
  }

  counts(): { total: number; byStatus: Record<string, number> } {
    return {
      total: this.total,
      byStatus: Object.fromEntries([...this.byStatus].map(([k, v]) => [String(k), v])),
    };
  }

  clear(): void {
    this.entries = [];
    this.total = 0;
    this.byStatus.clear();
  }
}
