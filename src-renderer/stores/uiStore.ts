// UI state only (ARCHITECTURE.md, rule 8): which section is open and the theme. Server data never lives here.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export const SECTIONS = ['jobs', 'batches', 'assets', 'models', 'settings'] as const;
export type Section = (typeof SECTIONS)[number];
export type Theme = 'dark' | 'light';

interface UiState {
  section: Section;
  theme: Theme;
  setSection: (section: Section) => void;
  setTheme: (theme: Theme) => void;
}

export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      section: 'jobs',
      theme: 'dark',
      setSection: (section) => set({ section }),
      setTheme: (theme) => set({ theme }),
    }),
    {
      name: 'loupe.ui',
      version: 1,
      // A hand-edited or stale entry must not break the app: keep only values we know.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<UiState>;
        return {
          ...current,
          section: SECTIONS.includes(saved.section as Section) ? (saved.section as Section) : current.section,
          theme: saved.theme === 'light' || saved.theme === 'dark' ? saved.theme : current.theme,
        };
      },
    },
  ),
);
