// The jobs screen's pane sizes, remembered across launches (ARCHITECTURE.md, "The look": resizable,
// remembered). UI state only.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export const LIST_WIDTH = { min: 320, max: 1400, initial: 560 } as const;

interface JobsLayoutState {
  listWidth: number;
  setListWidth: (width: number) => void;
}

export function clampListWidth(width: number): number {
  if (!Number.isFinite(width)) return LIST_WIDTH.initial;
  return Math.round(Math.min(LIST_WIDTH.max, Math.max(LIST_WIDTH.min, width)));
}

export const useJobsLayout = create<JobsLayoutState>()(
  persist(
    (set) => ({
      listWidth: LIST_WIDTH.initial,
      setListWidth: (width) => set({ listWidth: clampListWidth(width) }),
    }),
    {
      name: 'loupe.jobs.layout',
      version: 1,
      // A hand-edited or stale entry must not break the screen: keep only a sane number.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<JobsLayoutState>;
        return {
          ...current,
          listWidth:
            typeof saved.listWidth === 'number' ? clampListWidth(saved.listWidth) : current.listWidth,
        };
      },
    },
  ),
);
