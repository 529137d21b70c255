import type { JobListArgs, JobSummary } from '../../src-shared/contract';

function within(createdAt: string | null, after: string | undefined, before: string | undefined): boolean {
  if (after === undefined && before === undefined) return true;
  const ms = createdAt === null ? NaN : Date.parse(createdAt);
  if (Number.isNaN(ms)) return false;
  if (after !== undefined && ms < Date.parse(after)) return false;
  return before === undefined || ms <= Date.parse(before);
}

/** Whether a row belongs in the list the host would answer for `args` (used to place new rows). */
export function rowMatchesArgs(args: JobListArgs, row: JobSummary): boolean {
  if (args.statuses && args.statuses.length > 0 && !args.statuses.includes(row.status)) return false;
  if (args.labels) {
    for (const [key, value] of Object.entries(args.labels)) {
      if (row.labels[key] !== value) return false;
    }
  }
  if (!within(row.createdAt, args.createdAfter, args.createdBefore)) return false;
  const search = args.search?.trim().toLowerCase();
  if (search) {
    const haystack = [row.id, ...Object.entries(row.labels).flat()].map((text) => text.toLowerCase());
    if (!haystack.some((text) => text.includes(search))) return false;
  }
  return true;
}
