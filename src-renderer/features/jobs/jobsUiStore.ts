// The jobs screen's UI state (rule 8): filters, which job is open, the keyboard cursor, the selection and
// the detail tab. Job data itself lives in React Query; only ids are kept here.
import { create } from 'zustand';
import type { JobStatus } from '../../../src-shared/contract';

export const DETAIL_TABS = ['outputs', 'logs', 'workflow', 'error'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

export type TimePreset = 'any' | 'hour' | 'day' | 'week' | 'custom';

/** Absolute bounds, fixed when chosen, so the list's query key does not move with the clock. */
export interface TimeRange {
  preset: TimePreset;
  after: string | null;
  before: string | null;
}

export interface LabelFilter {
  key: string;
  value: string;
}

export interface JobFilters {
  statuses: JobStatus[];
  labels: LabelFilter[];
  time: TimeRange;
  search: string;
}

export const NO_FILTERS: JobFilters = {
  statuses: [],
  labels: [],
  time: { preset: 'any', after: null, before: null },
  search: '',
};

interface JobsUiState {
  /** The profile this state belongs to; another profile starts clean. */
  profileId: string | null;
  filters: JobFilters;
  openJobId: string | null;
  /** The row j/k moves and Enter opens. */
  cursorId: string | null;
  selected: ReadonlySet<string>;
  /** Where a shift-click range starts. */
  anchorId: string | null;
  tab: DetailTab;
  setFilters: (patch: Partial<JobFilters>) => void;
  clearFilters: () => void;
  openJob: (jobId: string | null) => void;
  /** Opens a job of `profileId` from another screen: the state becomes that profile's in the same step. */
  showJob: (profileId: string, jobId: string) => void;
  setCursor: (jobId: string | null) => void;
  setSelection: (selected: ReadonlySet<string>, anchorId: string | null) => void;
  setTab: (tab: DetailTab) => void;
  /** Another profile: no filter, selection or open job carries over. */
  enterProfile: (profileId: string | null) => void;
}

export const useJobsUi = create<JobsUiState>()((set, get) => ({
  profileId: null,
  filters: NO_FILTERS,
  openJobId: null,
  cursorId: null,
  selected: new Set(),
  anchorId: null,
  tab: 'outputs',
  // Other filters, other rows: a selection that may now be out of sight is dropped, so c and r never act on
  // jobs the user cannot see.
  setFilters: (patch) =>
    set((state) => ({ filters: { ...state.filters, ...patch }, selected: new Set(), anchorId: null })),
  clearFilters: () => set({ filters: NO_FILTERS, selected: new Set(), anchorId: null }),
  openJob: (jobId) => set(jobId === null ? { openJobId: null } : { openJobId: jobId, cursorId: jobId }),
  showJob: (profileId, jobId) => {
    get().enterProfile(profileId);
    get().openJob(jobId);
  },
  setCursor: (cursorId) => set({ cursorId }),
  setSelection: (selected, anchorId) => set({ selected, anchorId }),
  setTab: (tab) => set({ tab }),
  enterProfile: (profileId) => {
    if (get().profileId === profileId) return;
    set({
      profileId,
      filters: NO_FILTERS,
      openJobId: null,
      cursorId: null,
      selected: new Set(),
      anchorId: null,
    });
  },
}));

export function hasFilters(filters: JobFilters): boolean {
  return (
    filters.statuses.length > 0 ||
    filters.labels.length > 0 ||
    filters.time.preset !== 'any' ||
    filters.search.trim() !== ''
  );
}
