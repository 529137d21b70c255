// The job list's filters, applied the same way to service rows and to remembered ones. Label filters are
// also sent to the service (v2), but are checked here first against the service's own rules so a bad one is
// an explained refusal (invalid_metadata_filter) before any request leaves.
import type { JobListArgs, JobStatus, JobSummary } from '../../../src-shared/contracts/jobs';
import { MetadataFiltersSchema, validateRequest } from '../api';

export interface ListFilters {
  statuses: ReadonlySet<JobStatus> | null;
  labels: Readonly<Record<string, string>>;
  createdAfterMs: number | null;
  createdBeforeMs: number | null;
  /** Lower-cased search text, or null. */
  search: string | null;
}

function timeOrNull(iso: string | undefined): number | null {
  if (iso === undefined) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

export function readFilters(args: JobListArgs): ListFilters {
  const labels = args.labels ?? {};
  if (Object.keys(labels).length > 0)
    validateRequest(MetadataFiltersSchema, labels, 'invalid_metadata_filter');
  const search = args.search?.trim().toLowerCase() ?? '';
  return {
    statuses: args.statuses === undefined || args.statuses.length === 0 ? null : new Set(args.statuses),
    labels,
    createdAfterMs: timeOrNull(args.createdAfter),
    createdBeforeMs: timeOrNull(args.createdBefore),
    search: search === '' ? null : search,
  };
}

export function hasLabelFilters(filters: ListFilters): boolean {
  return Object.keys(filters.labels).length > 0;
}

/** A row is older than the range: in a newest-first stream everything after it is too. */
export function isBeforeRange(createdMs: number | null, filters: ListFilters): boolean {
  return filters.createdAfterMs !== null && createdMs !== null && createdMs < filters.createdAfterMs;
}

export function matches(row: JobSummary, createdMs: number | null, filters: ListFilters): boolean {
  if (filters.statuses !== null && !filters.statuses.has(row.status)) return false;
  for (const [key, value] of Object.entries(filters.labels)) {
    if (row.labels[key] !== value) return false;
  }
  if (filters.createdAfterMs !== null || filters.createdBeforeMs !== null) {
    // A row whose creation time is unknown cannot be shown to be inside the range.
    if (createdMs === null) return false;
    if (filters.createdAfterMs !== null && createdMs < filters.createdAfterMs) return false;
    if (filters.createdBeforeMs !== null && createdMs > filters.createdBeforeMs) return false;
  }
  if (filters.search !== null) {
    const needle = filters.search;
    const haystack = [row.id, ...Object.entries(row.labels).flat()];
    if (!haystack.some((text) => text.toLowerCase().includes(needle))) return false;
  }
  return true;
}
