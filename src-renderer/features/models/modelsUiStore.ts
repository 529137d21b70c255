// The Models screen's UI state (rule 8): which list is shown, what is open, the catalogue's filters, the
// list's width, and each model's input being written with its run options. Router data (models, runs,
// spend) lives in React Query; only ids and what the user typed are kept here. The width is remembered
// across launches; the rest starts clean, and another profile starts clean too.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { ModelOutputKind, RouterRunMode } from '../../../src-shared/contracts/models';
import { clampWidth, rememberedWidth } from '../../stores/paneWidth';
import type { InputDraft } from './form/inputDraft';

export const MODEL_LIST_WIDTH = { min: 280, max: 800, initial: 380 } as const;

export type ModelsTab = 'catalogue' | 'runs';
export type OpenItem = { kind: 'model'; modelId: string } | { kind: 'run'; runId: string } | null;

/** How the next run of a model is sent (the options of models.run, as the form holds them). */
export interface RunSetup {
  mode: RouterRunMode;
  /** An alternate provider's slug; '' serves the model on its own provider. */
  provider: string;
  /** Send the body untranslated to the alternate provider (only with one). */
  strict: boolean;
  /** Let the Router try the model's other provider when the first fails (synchronous runs only). */
  fallback: boolean;
}

export const DEFAULT_SETUP: RunSetup = { mode: 'sync', provider: '', strict: false, fallback: true };

export interface ModelWork {
  draft: InputDraft;
  setup: RunSetup;
}

interface ModelsUiState {
  profileId: string | null;
  tab: ModelsTab;
  open: OpenItem;
  cursorModelId: string | null;
  cursorRunId: string | null;
  search: string;
  provider: string;
  outputKind: ModelOutputKind | '';
  listWidth: number;
  /** Each model's input and options as last left, by model id. */
  work: ReadonlyMap<string, ModelWork>;
  /** The run each model's page shows under its form: the last one started there. */
  lastRun: ReadonlyMap<string, string>;
  setTab: (tab: ModelsTab) => void;
  openModel: (modelId: string) => void;
  openRun: (runId: string) => void;
  close: () => void;
  setCursorModel: (modelId: string | null) => void;
  setCursorRun: (runId: string | null) => void;
  setSearch: (search: string) => void;
  setProvider: (provider: string) => void;
  setOutputKind: (kind: ModelOutputKind | '') => void;
  setListWidth: (width: number) => void;
  setWork: (modelId: string, work: ModelWork) => void;
  setLastRun: (modelId: string, runId: string | null) => void;
  enterProfile: (profileId: string | null) => void;
}

type StartingState = Pick<
  ModelsUiState,
  | 'profileId'
  | 'tab'
  | 'open'
  | 'cursorModelId'
  | 'cursorRunId'
  | 'search'
  | 'provider'
  | 'outputKind'
  | 'work'
  | 'lastRun'
>;

// The store's first state and what a test resets to, so the two cannot drift apart.
/** The screen as it starts: nothing open, no filters, no work (the remembered list width is not part of it). */
export function startingModelsUi(): StartingState {
  return {
    profileId: null,
    tab: 'catalogue',
    open: null,
    cursorModelId: null,
    cursorRunId: null,
    search: '',
    provider: '',
    outputKind: '',
    work: new Map(),
    lastRun: new Map(),
  };
}

function withEntry<V>(map: ReadonlyMap<string, V>, key: string, value: V | null): ReadonlyMap<string, V> {
  const next = new Map(map);
  if (value === null) next.delete(key);
  else next.set(key, value);
  return next;
}

export const useModelsUi = create<ModelsUiState>()(
  persist(
    (set, get) => ({
      ...startingModelsUi(),
      listWidth: MODEL_LIST_WIDTH.initial,
      setTab: (tab) => set({ tab }),
      openModel: (modelId) => set({ open: { kind: 'model', modelId }, cursorModelId: modelId }),
      openRun: (runId) => set({ open: { kind: 'run', runId }, cursorRunId: runId }),
      close: () => set({ open: null }),
      setCursorModel: (cursorModelId) => set({ cursorModelId }),
      setCursorRun: (cursorRunId) => set({ cursorRunId }),
      setSearch: (search) => set({ search }),
      setProvider: (provider) => set({ provider }),
      setOutputKind: (outputKind) => set({ outputKind }),
      setListWidth: (width) => set({ listWidth: clampWidth(width, MODEL_LIST_WIDTH) }),
      setWork: (modelId, work) => set((state) => ({ work: withEntry(state.work, modelId, work) })),
      setLastRun: (modelId, runId) => set((state) => ({ lastRun: withEntry(state.lastRun, modelId, runId) })),
      enterProfile: (profileId) => {
        if (get().profileId === profileId) return;
        set({
          profileId,
          open: null,
          cursorModelId: null,
          cursorRunId: null,
          provider: '',
          work: new Map(),
          lastRun: new Map(),
        });
      },
    }),
    {
      name: 'loupe.models.ui',
      version: 1,
      partialize: (state) => ({ listWidth: state.listWidth }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<Record<keyof ModelsUiState, unknown>>;
        return {
          ...current,
          listWidth: rememberedWidth(saved.listWidth, MODEL_LIST_WIDTH, current.listWidth),
        };
      },
    },
  ),
);
