// Asset bytes read by the renderer itself, held by React Query like any other server data. Bytes behind an
// asset id never change, so a text preview read once is kept; a failure probe is per attempt.
import { queryOptions } from '@tanstack/react-query';
import { fetchTextHead, probeAsset } from './assetFetch';

export const galleryKeys = {
  textHead: (url: string) => ['assets', 'bytes', 'text-head', url] as const,
  failure: (url: string) => ['assets', 'bytes', 'failure', url] as const,
};

export const textHeadQuery = (url: string) =>
  queryOptions({
    queryKey: galleryKeys.textHead(url),
    queryFn: ({ signal }) => fetchTextHead(url, signal),
    staleTime: Infinity,
    retry: false,
  });

/** Why `url` (the exact URL that failed, attempt included) could not be shown. */
export const loadFailureQuery = (url: string) =>
  queryOptions({
    queryKey: galleryKeys.failure(url),
    queryFn: ({ signal }) => probeAsset(url, signal),
    staleTime: Infinity,
    retry: false,
  });
