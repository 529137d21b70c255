// The Batches screen's UI state (rule 8): which batch is open, the keyboard cursor, and the list's width.
// Batch data lives in React Query; only ids are kept here. The width is remembered across launches; the
// selection starts clean, and another profile starts clean too.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { clampWidth, rememberedWidth } from '../../stores/paneWidth';

export const BATCH_LIST_WIDTH = { min: 300, max: 1000, initial: 420 } as const;

interface BatchesUiState {
  /** The profile this state belongs to. */
  profileId: string | null;
  openBatchId: string | null;
  /** The row ↑/↓ move and Enter opens. */
  cursorId: string | null;
  listWidth: number;
  openBatch: (batchId: string | null) => void;
  setCursor: (batchId: string | null) => void;
  setListWidth: (width: number) => void;
  enterProfile: (profileId: string | null) => void;
}

export const useBatchesUi = create<BatchesUiState>()(
  persist(
    (set, get) => ({
      profileId: null,
      openBatchId: null,
      cursorId: null,
      listWidth: BATCH_LIST_WIDTH.initial,
      openBatch: (batchId) =>
        set(batchId === null ? { openBatchId: null } : { openBatchId: batchId, cursorId: batchId }),
      setCursor: (cursorId) => set({ cursorId }),
      setListWidth: (width) => set({ listWidth: clampWidth(width, BATCH_LIST_WIDTH) }),
      enterProfile: (profileId) => {
        if (get().profileId === profileId) return;
        set({ profileId, openBatchId: null, cursorId: null });
      },
    }),
    {
      name: 'loupe.batches.ui',
      version: 1,
      partialize: (state) => ({ listWidth: state.listWidth }),
      // A hand-edited or stale entry must not break the screen: keep only a sane number.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<BatchesUiState>;
        return {
          ...current,
          listWidth: rememberedWidth(saved.listWidth, BATCH_LIST_WIDTH, current.listWidth),
        };
      },
    },
  ),
);
