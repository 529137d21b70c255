// `window.loupeFiles`: what the Electron preload exposes beside `window.loupe` for files the user dropped.
// It turns the File objects of a real drop into grants (opaque, single-use tokens that uploads.start
// redeems): the page never sees a path and holds nothing that could name a file. A File the page built
// itself, or one not part of a trusted drop, gets no grant. Absent in the browser shell, whose page sends a
// file's bytes instead.
import type { FileGrant } from './contracts/uploads';

export interface LoupeFiles {
  /** A grant for each file, in order; null when any of them was not part of a real drop just now. */
  grantsFor(files: readonly File[]): Promise<FileGrant[] | null>;
}

declare global {
  interface Window {
    loupeFiles?: LoupeFiles;
  }
}
