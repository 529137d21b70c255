// "Download all": every output handed to the downloader in turn, with how far it got. Stops if the gallery
// goes away (another job opened) before it is done. A gallery that draws only some of its outputs hands over
// a way to list them all first.
import { useEffect, useRef, useState } from 'react';
import { assetDownloader } from '../../../../components/gallery/assetDownloads';
import { downloadName, type GalleryItem } from '../../../../components/gallery/galleryItem';
import { errorText } from '../../../../components/errorText';

export type DownloadSource = readonly GalleryItem[] | (() => Promise<readonly GalleryItem[]>);

export interface DownloadAll {
  /** null when idle; 'listing' while every output is being listed; else how many of how many are handed over. */
  progress: { done: number; total: number } | 'listing' | null;
  /** Why the last "download all" could not start, in words. */
  failure: string | null;
  start: (source: DownloadSource) => void;
}

export function useDownloadAll(): DownloadAll {
  const [progress, setProgress] = useState<DownloadAll['progress']>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const run = async (source: DownloadSource, controller: AbortController): Promise<void> => {
    let items: readonly GalleryItem[];
    try {
      items = typeof source === 'function' ? await source() : source;
    } catch (error) {
      if (!controller.signal.aborted)
        setFailure(`Loupe could not list every output: ${errorText(error).message}`);
      return;
    }
    if (controller.signal.aborted || items.length === 0) return;
    const total = items.length;
    setProgress({ done: 0, total });
    const files = items.map((item) => ({
      profileId: item.profileId,
      assetId: item.assetId,
      url: item.url,
      fileName: downloadName(item),
    }));
    await assetDownloader().save(files, (done) => setProgress({ done, total }), controller.signal);
  };

  const start = (source: DownloadSource) => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setFailure(null);
    setProgress(typeof source === 'function' ? 'listing' : null);
    void run(source, controller).finally(() => {
      if (running.current === controller) running.current = null;
      if (!controller.signal.aborted) setProgress(null);
    });
  };
  return { progress, failure, start };
}
