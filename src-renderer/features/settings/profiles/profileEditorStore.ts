// UI state only (ARCHITECTURE.md, rule 8): which profile form is open. The profiles themselves live in the
// React Query cache.
import { create } from 'zustand';
import type { Surface } from '../../../../src-shared/contract';

export type ProfileEditor =
  /** `activate`: make the new profile the active one once saved (it was added to start working with it). */
  { mode: 'add'; surface: Surface; activate: boolean } | { mode: 'edit'; profileId: string } | null;

interface ProfileEditorState {
  editor: ProfileEditor;
  openAdd: (surface?: Surface, options?: { activate?: boolean }) => void;
  openEdit: (profileId: string) => void;
  close: () => void;
}

export const useProfileEditor = create<ProfileEditorState>((set) => ({
  editor: null,
  openAdd: (surface = 'managed', options = {}) =>
    set({ editor: { mode: 'add', surface, activate: options.activate ?? false } }),
  openEdit: (profileId) => set({ editor: { mode: 'edit', profileId } }),
  close: () => set({ editor: null }),
}));
