// Retention deadlines as epoch milliseconds, with null meaning "never expires" (spec: Asset.expires_at null or
// absent means non-expiring). Kept apart so the "extend, never shorten" rule is written once.

export type Deadline = number | null;

/** The later of two deadlines; "never" beats any time. */
export function laterDeadline(a: Deadline, b: Deadline): Deadline {
  if (a === null || b === null) return null;
  return Math.max(a, b);
}

export function isPast(deadline: Deadline, nowMs: number): boolean {
  return deadline !== null && nowMs >= deadline;
}

export function deadlineIso(deadline: Deadline): string | null {
  return deadline === null ? null : new Date(deadline).toISOString();
}
