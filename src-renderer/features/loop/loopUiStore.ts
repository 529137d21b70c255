// What the creative loop shows (rule 8: UI state only): the compare view and its pictures, the "Vary around
// this" proposal waiting to be confirmed, the "Run again with changes" form, the "Use as input" choice of
// profile. Server data (the diff, the recipe) stays in React Query.
import { create } from 'zustand';
import type { JobRef } from '../../../src-shared/contract';

/** One picture in the compare view: an output of a job on its profile. */
export interface ComparePick extends JobRef {
  assetId: string;
  /** Plain text under the picture ("Item 3 · 3.seed 42"). */
  label: string;
}

interface LoopUiState {
  /** 2 to 4 picks side by side; `steps` are the pairs ← → move through (a batch's outputs), when given. */
  compare: { picks: ComparePick[]; steps: ComparePick[][] | null; step: number } | null;
  varyAround: { profileId: string; jobId: string } | null;
  runWithChanges: { profileId: string; jobId: string } | null;
  /** Outputs of one profile waiting for the user to say which profile's New batch takes them. */
  useAsInput: { fromProfileId: string; assetIds: readonly string[] } | null;
  openCompare: (picks: ComparePick[], steps?: ComparePick[][]) => void;
  /** Swaps the first two pictures (`s`). */
  swap: () => void;
  /** Moves to the next or previous pair of `steps`. */
  step: (by: 1 | -1) => void;
  closeCompare: () => void;
  openVaryAround: (profileId: string, jobId: string) => void;
  closeVaryAround: () => void;
  openRunWithChanges: (profileId: string, jobId: string) => void;
  closeRunWithChanges: () => void;
  openUseAsInput: (fromProfileId: string, assetIds: readonly string[]) => void;
  closeUseAsInput: () => void;
}

export const useLoopUi = create<LoopUiState>()((set) => ({
  compare: null,
  varyAround: null,
  runWithChanges: null,
  useAsInput: null,
  openCompare: (picks, steps) =>
    set({ compare: { picks: picks.slice(0, 4), steps: steps ?? null, step: 0 } }),
  swap: () =>
    set((state) => {
      const compare = state.compare;
      if (compare === null || compare.picks.length < 2) return {};
      const [a, b, ...rest] = compare.picks;
      return a === undefined || b === undefined ? {} : { compare: { ...compare, picks: [b, a, ...rest] } };
    }),
  step: (by) =>
    set((state) => {
      const compare = state.compare;
      if (compare?.steps == null || compare.steps.length === 0) return {};
      const count = compare.steps.length;
      const next = (compare.step + by + count) % count;
      const picks = compare.steps[next];
      return picks === undefined ? {} : { compare: { ...compare, step: next, picks } };
    }),
  closeCompare: () => set({ compare: null }),
  openVaryAround: (profileId, jobId) => set({ varyAround: { profileId, jobId } }),
  closeVaryAround: () => set({ varyAround: null }),
  openRunWithChanges: (profileId, jobId) => set({ runWithChanges: { profileId, jobId } }),
  closeRunWithChanges: () => set({ runWithChanges: null }),
  openUseAsInput: (fromProfileId, assetIds) => set({ useAsInput: { fromProfileId, assetIds } }),
  closeUseAsInput: () => set({ useAsInput: null }),
}));
