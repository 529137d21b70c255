// The New batch screen's UI state (rule 8): whether it is open, and the plan being drafted. The draft is the
// user's own input (a file they picked, axes they typed), not server data: the preview lives in React Query.
// It is kept here rather than in the screen so that a look at another section does not lose a half-made
// plan; closing the screen (Esc, Cancel, or a started batch) forgets it. Not persisted: a workflow's text can
// be megabytes, and a plan is a moment's work.
import { create } from 'zustand';

/** A text file the page read: a workflow or a table. `id` changes with every read, so a query key can stay small. */
export interface LoadedText {
  id: number;
  name: string;
  text: string;
}

/** One `NODE.INPUT=SPEC` axis as typed. */
export interface SweepDraft {
  id: number;
  text: string;
}

/**
 * Assets the user picked, bound to one input (`1.image`): one value per asset, in the order picked. Only ids:
 * what each asset is (its name, its picture) is server data and stays in React Query (rule 8).
 */
export interface InputsDraft {
  id: number;
  target: string;
  assetIds: readonly string[];
  /** New with every edit, so a query key can name the selection without listing thousands of ids. */
  revision: number;
}

export interface NewBatchDraft {
  workflow: LoadedText | null;
  sweeps: readonly SweepDraft[];
  inputs: readonly InputsDraft[];
  table: LoadedText | null;
  /** As typed; blank: no repeat (the workflow's own seeds kept). */
  repeat: string;
  zip: boolean;
  /** null until the user types one: the workflow's file name stands in. */
  name: string | null;
  /** As typed: how many items are in flight at once. */
  window: string;
  /** Opt-in: failures that look transient (worker lost, out of memory) are sent again. */
  autoRetry: boolean;
  /** As typed: how many attempts each item gets in all while autoRetry is on. */
  autoRetryAttempts: string;
}

export const DEFAULT_WINDOW = 4;
export const DEFAULT_AUTO_RETRY_ATTEMPTS = 3;

export const EMPTY_DRAFT: NewBatchDraft = {
  workflow: null,
  sweeps: [],
  inputs: [],
  table: null,
  repeat: '',
  zip: false,
  name: null,
  window: String(DEFAULT_WINDOW),
  autoRetry: false,
  autoRetryAttempts: String(DEFAULT_AUTO_RETRY_ATTEMPTS),
};

interface NewBatchState {
  open: boolean;
  draft: NewBatchDraft;
  openNewBatch: () => void;
  /** Closes the screen and forgets the draft. */
  closeNewBatch: () => void;
  setWorkflow: (workflow: LoadedText) => void;
  /** Adds an axis and returns its id, so the screen can focus it. */
  addSweep: (text: string) => number;
  setSweep: (id: number, text: string) => void;
  removeSweep: (id: number) => void;
  /** Adds an inputs axis and returns its id. */
  addInputs: (target: string, assetIds: readonly string[]) => number;
  setInputs: (id: number, target: string, assetIds: readonly string[]) => void;
  removeInputs: (id: number) => void;
  /** Replaces the whole draft (a saved template opened). */
  loadDraft: (draft: NewBatchDraft) => void;
  setTable: (table: LoadedText | null) => void;
  setRepeat: (repeat: string) => void;
  setZip: (zip: boolean) => void;
  setName: (name: string) => void;
  setWindow: (window: string) => void;
  setAutoRetry: (autoRetry: boolean) => void;
  setAutoRetryAttempts: (attempts: string) => void;
}

let lastId = 0;
/** Ids for loaded files and axes; unique for the page's life, which is all a key or a React key needs. */
export function nextId(): number {
  lastId += 1;
  return lastId;
}

export const useNewBatch = create<NewBatchState>()((set) => {
  const change = (patch: (draft: NewBatchDraft) => Partial<NewBatchDraft>) =>
    set((state) => ({ draft: { ...state.draft, ...patch(state.draft) } }));
  return {
    open: false,
    draft: EMPTY_DRAFT,
    openNewBatch: () => set({ open: true }),
    closeNewBatch: () => set({ open: false, draft: EMPTY_DRAFT }),
    setWorkflow: (workflow) => change(() => ({ workflow })),
    addSweep: (text) => {
      const id = nextId();
      change((draft) => ({ sweeps: [...draft.sweeps, { id, text }] }));
      return id;
    },
    setSweep: (id, text) =>
      change((draft) => ({ sweeps: draft.sweeps.map((sweep) => (sweep.id === id ? { id, text } : sweep)) })),
    removeSweep: (id) => change((draft) => ({ sweeps: draft.sweeps.filter((sweep) => sweep.id !== id) })),
    addInputs: (target, assetIds) => {
      const id = nextId();
      change((draft) => ({ inputs: [...draft.inputs, { id, target, assetIds, revision: nextId() }] }));
      return id;
    },
    setInputs: (id, target, assetIds) =>
      change((draft) => ({
        inputs: draft.inputs.map((axis) =>
          axis.id === id ? { id, target, assetIds, revision: nextId() } : axis,
        ),
      })),
    removeInputs: (id) => change((draft) => ({ inputs: draft.inputs.filter((axis) => axis.id !== id) })),
    loadDraft: (draft) => set({ draft }),
    setTable: (table) => change(() => ({ table })),
    setRepeat: (repeat) => change(() => ({ repeat })),
    setZip: (zip) => change(() => ({ zip })),
    setName: (name) => change(() => ({ name })),
    setWindow: (window) => change(() => ({ window })),
    setAutoRetry: (autoRetry) => change(() => ({ autoRetry })),
    setAutoRetryAttempts: (autoRetryAttempts) => change(() => ({ autoRetryAttempts })),
  };
});

/** Whether closing would lose anything the user did: every change makes a new draft. */
export function isEdited(draft: NewBatchDraft): boolean {
  return draft !== EMPTY_DRAFT;
}
