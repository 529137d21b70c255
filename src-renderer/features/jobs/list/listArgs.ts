import type { JobListArgs } from '../../../../src-shared/contract';
import type { JobFilters, TimePreset, TimeRange } from '../jobsUiStore';
import { labelRecord } from './labelFilters';

const PRESET_MS: Record<Exclude<TimePreset, 'any' | 'custom'>, number> = {
  hour: 60 * 60_000,
  day: 24 * 60 * 60_000,
  week: 7 * 24 * 60 * 60_000,
};

export const TIME_PRESETS: { value: TimePreset; label: string }[] = [
  { value: 'any', label: 'Any time' },
  { value: 'hour', label: 'Last hour' },
  { value: 'day', label: 'Last 24 hours' },
  { value: 'week', label: 'Last 7 days' },
  { value: 'custom', label: 'Between…' },
];

/** A preset as absolute bounds, fixed now (the list's query key must not move with the clock). */
export function timeRangeFor(preset: TimePreset, now: number, custom?: Partial<TimeRange>): TimeRange {
  if (preset === 'any') return { preset, after: null, before: null };
  if (preset === 'custom') return { preset, after: custom?.after ?? null, before: custom?.before ?? null };
  return { preset, after: new Date(now - PRESET_MS[preset]).toISOString(), before: null };
}

/** The UI's filters as jobs.list arguments: only what is set, exactly as the contract accepts it. */
export function listArgsFor(filters: JobFilters): JobListArgs {
  const args: JobListArgs = {};
  if (filters.statuses.length > 0) args.statuses = [...filters.statuses].sort();
  if (filters.labels.length > 0) args.labels = labelRecord(filters.labels);
  if (filters.time.after) args.createdAfter = filters.time.after;
  if (filters.time.before) args.createdBefore = filters.time.before;
  const search = filters.search.trim().slice(0, 200);
  if (search) args.search = search;
  return args;
}
