// The Batches screen's UI state (rule 8): which batch is open, the keyboard cursor, the list's width, and how
// an open batch's outputs are laid out. Batch data lives in React Query; only ids, targets and value keys are
// kept here. The width, the outputs view and the sheet's cell size are remembered across launches; the
// selection and each batch's sheet layout start clean, and another profile starts clean too.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { clampWidth, rememberedWidth } from '../../stores/paneWidth';
import type { SheetChoice } from './contactSheet/sheetChoice';

export const BATCH_LIST_WIDTH = { min: 300, max: 1000, initial: 420 } as const;

/** A batch's outputs as the gallery (every output) or the contact sheet (one cell per item, on its axes). */
export const OUTPUTS_VIEWS = ['sheet', 'gallery'] as const;
export type OutputsView = (typeof OUTPUTS_VIEWS)[number];

export const SHEET_CELL_SIZES = ['small', 'medium', 'large'] as const;
export type SheetCellSize = (typeof SHEET_CELL_SIZES)[number];

interface BatchesUiState {
  /** The profile this state belongs to. */
  profileId: string | null;
  openBatchId: string | null;
  /** The row ↑/↓ move and Enter opens. */
  cursorId: string | null;
  listWidth: number;
  /** For batches with axes; a batch without any always shows the gallery. */
  outputsView: OutputsView;
  sheetCellSize: SheetCellSize;
  /** Each batch's X, Y and page, by batch id, so going back to a batch finds its sheet as it was left. */
  sheetChoices: ReadonlyMap<string, SheetChoice>;
  openBatch: (batchId: string | null) => void;
  /**
   * Opens a batch of `profileId` from anywhere (a new batch, a notice): the state becomes that profile's in the
   * same step, so the screen showing it later finds it settled and the batch stays open.
   */
  showBatch: (profileId: string, batchId: string) => void;
  setCursor: (batchId: string | null) => void;
  setListWidth: (width: number) => void;
  setOutputsView: (view: OutputsView) => void;
  setSheetCellSize: (size: SheetCellSize) => void;
  setSheetChoice: (batchId: string, choice: SheetChoice) => void;
  enterProfile: (profileId: string | null) => void;
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.find((entry) => entry === value) ?? fallback;
}

export const useBatchesUi = create<BatchesUiState>()(
  persist(
    (set, get) => ({
      profileId: null,
      openBatchId: null,
      cursorId: null,
      listWidth: BATCH_LIST_WIDTH.initial,
      outputsView: 'sheet',
      sheetCellSize: 'medium',
      sheetChoices: new Map(),
      openBatch: (batchId) =>
        set(batchId === null ? { openBatchId: null } : { openBatchId: batchId, cursorId: batchId }),
      showBatch: (profileId, batchId) => {
        get().enterProfile(profileId);
        get().openBatch(batchId);
      },
      setCursor: (cursorId) => set({ cursorId }),
      setListWidth: (width) => set({ listWidth: clampWidth(width, BATCH_LIST_WIDTH) }),
      setOutputsView: (outputsView) => set({ outputsView }),
      setSheetCellSize: (sheetCellSize) => set({ sheetCellSize }),
      setSheetChoice: (batchId, choice) =>
        set((state) => ({ sheetChoices: new Map(state.sheetChoices).set(batchId, choice) })),
      enterProfile: (profileId) => {
        if (get().profileId === profileId) return;
        set({ profileId, openBatchId: null, cursorId: null, sheetChoices: new Map() });
      },
    }),
    {
      name: 'loupe.batches.ui',
      version: 1,
      partialize: (state) => ({
        listWidth: state.listWidth,
        outputsView: state.outputsView,
        sheetCellSize: state.sheetCellSize,
      }),
      // A hand-edited or stale entry must not break the screen: keep only sane values.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<Record<keyof BatchesUiState, unknown>>;
        return {
          ...current,
          listWidth: rememberedWidth(saved.listWidth, BATCH_LIST_WIDTH, current.listWidth),
          outputsView: oneOf(OUTPUTS_VIEWS, saved.outputsView, current.outputsView),
          sheetCellSize: oneOf(SHEET_CELL_SIZES, saved.sheetCellSize, current.sheetCellSize),
        };
      },
    },
  ),
);
