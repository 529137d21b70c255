// The renderer's side of uploads in progress: what the page itself is doing with dropped files (hashing,
// sending the bytes main asked for) before and while main takes over. Only the page's own work is here, never
// main's data (ARCHITECTURE rule 8): main's plan for each upload (its batches, and each file's id, action and
// send address) is in React Query (uploadPlans.ts), as is main's view of each file from uploads.progress
// (uploadProgress.ts); the screen joins the three (uploadView.ts). The File objects stay here so a retry can
// read them again.
import { create } from 'zustand';
import type { UploadOptions } from '../../../../src-shared/contract';
import type { LeftOut } from './collectDropped';

/** Where the page is with one file. After `main`, main's plan and state for the file say the rest. */
export type LocalPhase = 'waiting' | 'hashing' | 'hashed' | 'planning' | 'main' | 'failed' | 'canceled';

export interface LocalProblem {
  code: string;
  message: string;
}

export interface LocalFile {
  key: string;
  file: File;
  relativePath: string;
  size: number;
  phase: LocalPhase;
  bytesHashed: number;
  hash: string | null;
  /** The page's PUT: bytes handed to the connection so far. */
  putState: 'idle' | 'sending' | 'sent' | 'failed';
  bytesPut: number;
  /** Why the page stopped with this file (a failure main does not know of). */
  problem: LocalProblem | null;
  /** Canceled by the user after main took it: nothing more is sent for it. */
  stopRequested: boolean;
}

export type FilePatch = Partial<Omit<LocalFile, 'key' | 'file'>>;

export interface LocalUpload {
  id: string;
  profileId: string;
  startedAt: number;
  options: UploadOptions;
  /** bytes: hashed and sent by the page; paths: read from disk by main (Electron with paths). */
  mode: 'bytes' | 'paths';
  files: LocalFile[];
  /** What was dropped but not taken (unreadable folders, too many files). */
  leftOut: LeftOut[];
  /** The upload could not start at all (no connection, refused by main). */
  problem: LocalProblem | null;
  /** Main's batch of files that were in flight when Loupe last stopped (shown so they can be resumed). */
  interrupted?: boolean;
}

interface UploadsState {
  uploads: LocalUpload[];
  add: (upload: LocalUpload) => void;
  patchUpload: (id: string, patch: Partial<Omit<LocalUpload, 'id' | 'files'>>) => void;
  patchFile: (id: string, key: string, patch: FilePatch) => void;
  dismiss: (ids: readonly string[]) => void;
}

export const useUploads = create<UploadsState>()((set) => ({
  uploads: [],
  add: (upload) => set((state) => ({ uploads: [upload, ...state.uploads] })),
  patchUpload: (id, patch) =>
    set((state) => ({ uploads: state.uploads.map((u) => (u.id === id ? { ...u, ...patch } : u)) })),
  patchFile: (id, key, patch) =>
    set((state) => ({
      uploads: state.uploads.map((u) =>
        u.id === id ? { ...u, files: u.files.map((f) => (f.key === key ? { ...f, ...patch } : f)) } : u,
      ),
    })),
  dismiss: (ids) => set((state) => ({ uploads: state.uploads.filter((u) => !ids.includes(u.id)) })),
}));

export function findFile(id: string, key: string): { upload: LocalUpload; file: LocalFile } | null {
  const upload = useUploads.getState().uploads.find((u) => u.id === id);
  const file = upload?.files.find((f) => f.key === key);
  return upload === undefined || file === undefined ? null : { upload, file };
}
