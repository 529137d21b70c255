// The jobs screen's pane sizes, remembered across launches (ARCHITECTURE.md, "The look": resizable,
// remembered). UI state only.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { clampWidth, rememberedWidth } from '../../stores/paneWidth';

export const LIST_WIDTH = { min: 320, max: 1400, initial: 560 } as const;

interface JobsLayoutState {
  listWidth: number;
  setListWidth: (width: number) => void;
}

export const useJobsLayout = create<JobsLayoutState>()(
  persist(
    (set) => ({
      listWidth: LIST_WIDTH.initial,
      setListWidth: (width) => set({ listWidth: clampWidth(width, LIST_WIDTH) }),
    }),
    {
      name: 'loupe.jobs.layout',
      version: 1,
      // A hand-edited or stale entry must not break the screen: keep only a sane number.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<JobsLayoutState>;
        return {
          ...current,
          listWidth: rememberedWidth(saved.listWidth, LIST_WIDTH, current.listWidth),
        };
      },
    },
  ),
);
