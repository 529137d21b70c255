// What the last library action said back (an export's folder, a refusal in words), shown above the grid
// until dismissed or replaced. UI state only: the words of one answer, not server data.
import { create } from 'zustand';

export interface LibraryNotice {
  tone: 'info' | 'error';
  text: string;
}

interface NoticeState {
  notice: LibraryNotice | null;
  say: (notice: LibraryNotice | null) => void;
}

export const useLibraryNotice = create<NoticeState>()((set) => ({
  notice: null,
  say: (notice) => set({ notice }),
}));
