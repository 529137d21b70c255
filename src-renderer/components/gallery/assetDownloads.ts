// Saving asset bytes to disk behind one small interface. The browser shell (and, for now, Electron) uses the
// browser's own download: an <a download href=assetUrl> per file, clicked in turn. The Electron shell will
// swap in a folder picker with setAssetDownloader (one "choose a folder" for "all", the files written by
// main), without the gallery changing.

export interface AssetFile {
  /** The profile the asset belongs to. */
  profileId: string;
  /** The asset this file is, for a downloader that lets main write the bytes (Electron's folder picker). */
  assetId: string;
  /** The asset route URL of the bytes. */
  url: string;
  /** A safe file name (galleryItem.downloadName). */
  fileName: string;
}

export interface AssetDownloader {
  /**
   * Saves the files in order; `onSaved` is told after each one is handed over. Resolves when all are (or
   * when `signal` aborts: the files already handed over stay saved).
   */
  save(files: readonly AssetFile[], onSaved?: (done: number) => void, signal?: AbortSignal): Promise<void>;
}

/** Browsers drop or question downloads fired in one burst; a short gap keeps each one its own. */
export const BROWSER_DOWNLOAD_GAP_MS = 350;

function clickDownload(file: AssetFile): void {
  const link = document.createElement('a');
  link.href = file.url;
  link.download = file.fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

export const browserDownloader: AssetDownloader = {
  save: async (files, onSaved, signal) => {
    for (const [index, file] of files.entries()) {
      if (signal?.aborted) return;
      if (index > 0) await wait(BROWSER_DOWNLOAD_GAP_MS, signal);
      if (signal?.aborted) return;
      clickDownload(file);
      onSaved?.(index + 1);
    }
  },
};

let current: AssetDownloader = browserDownloader;

export function assetDownloader(): AssetDownloader {
  return current;
}

/** For the Electron shell (and tests): replace the downloader; returns a function that restores the last one. */
export function setAssetDownloader(next: AssetDownloader): () => void {
  const previous = current;
  current = next;
  return () => {
    current = previous;
  };
}
