// "Download all": every output handed to the downloader in turn, with how far it got. Stops if the gallery
// goes away (another job opened) before it is done.
import { useEffect, useRef, useState } from 'react';
import { assetDownloader } from '../../../../components/gallery/assetDownloads';
import { downloadName, type GalleryItem } from '../../../../components/gallery/galleryItem';

export interface DownloadAll {
  /** null when idle; otherwise how many of how many have been handed over. */
  progress: { done: number; total: number } | null;
  start: (items: readonly GalleryItem[]) => void;
}

export function useDownloadAll(): DownloadAll {
  const [progress, setProgress] = useState<DownloadAll['progress']>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = (items: readonly GalleryItem[]) => {
    if (running.current || items.length === 0) return;
    const controller = new AbortController();
    running.current = controller;
    const total = items.length;
    setProgress({ done: 0, total });
    const files = items.map((item) => ({
      profileId: item.profileId,
      assetId: item.assetId,
      url: item.url,
      fileName: downloadName(item),
    }));
    void assetDownloader()
      .save(files, (done) => setProgress({ done, total }), controller.signal)
      .finally(() => {
        if (running.current === controller) running.current = null;
        if (!controller.signal.aborted) setProgress(null);
      });
  };
  return { progress, start };
}
