// `window.loupeFiles`: the real path of a file dropped into the Electron window, for uploads that hash and
// stream from disk instead of through the page. Exposed by the preload beside `window.loupe`; it is not a
// contract call because nothing crosses a process boundary: webUtils runs in the preload itself. Absent in the
// browser shell, where a page never learns where a file lives.

export interface LoupeFiles {
  /** The file's absolute path; '' when it has none (a file made by the page, not dropped or picked). */
  pathFor(file: File): string;
  /** `pathFor` of each file, in order, in one step (what the uploader's file source asks for). */
  pathsFor(files: readonly File[]): string[];
}

declare global {
  interface Window {
    loupeFiles?: LoupeFiles;
  }
}
