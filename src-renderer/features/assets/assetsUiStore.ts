// The Assets screen's UI state (rule 8): the search, which asset is open, the list's width and the upload
// options as typed. Asset data lives in React Query; only ids and form text are kept here. The width and the
// options are remembered across launches; the search and the selection start clean.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { clampWidth, rememberedWidth } from '../../stores/paneWidth';

export const ASSET_LIST_WIDTH = { min: 340, max: 1200, initial: 560 } as const;

/** The upload options as the form holds them (text), turned into the contract's shape in uploadOptions.ts. */
export interface UploadOptionsDraft {
  filePath: string;
  /** Comma-separated. */
  tags: string;
  /** Seconds as text, '' for the service's default. */
  expiresIn: string;
}

export const NO_UPLOAD_OPTIONS: UploadOptionsDraft = { filePath: '', tags: '', expiresIn: '' };

interface AssetsUiState {
  /** The profile this state belongs to; another profile starts clean. */
  profileId: string | null;
  search: string;
  openAssetId: string | null;
  listWidth: number;
  optionsOpen: boolean;
  uploadOptions: UploadOptionsDraft;
  setSearch: (search: string) => void;
  openAsset: (assetId: string | null) => void;
  setListWidth: (width: number) => void;
  setOptionsOpen: (open: boolean) => void;
  setUploadOptions: (patch: Partial<UploadOptionsDraft>) => void;
  enterProfile: (profileId: string | null) => void;
}

export const useAssetsUi = create<AssetsUiState>()(
  persist(
    (set, get) => ({
      profileId: null,
      search: '',
      openAssetId: null,
      listWidth: ASSET_LIST_WIDTH.initial,
      optionsOpen: false,
      uploadOptions: NO_UPLOAD_OPTIONS,
      setSearch: (search) => set({ search }),
      openAsset: (openAssetId) => set({ openAssetId }),
      setListWidth: (width) => set({ listWidth: clampWidth(width, ASSET_LIST_WIDTH) }),
      setOptionsOpen: (optionsOpen) => set({ optionsOpen }),
      setUploadOptions: (patch) => set((state) => ({ uploadOptions: { ...state.uploadOptions, ...patch } })),
      enterProfile: (profileId) => {
        if (get().profileId === profileId) return;
        set({ profileId, search: '', openAssetId: null });
      },
    }),
    {
      name: 'loupe.assets.ui',
      version: 1,
      partialize: (state) => ({ listWidth: state.listWidth, uploadOptions: state.uploadOptions }),
      // A hand-edited or stale entry must not break the screen: keep only values of the right shape.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<AssetsUiState>;
        const options = saved.uploadOptions;
        const text = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 1024) : '');
        return {
          ...current,
          listWidth: rememberedWidth(saved.listWidth, ASSET_LIST_WIDTH, current.listWidth),
          uploadOptions:
            typeof options === 'object'
              ? {
                  filePath: text(options.filePath),
                  tags: text(options.tags),
                  expiresIn: text(options.expiresIn),
                }
              : current.uploadOptions,
        };
      },
    },
  ),
);
