// What the asset route asks of the library (core/library implements it; content never imports it): a kept
// entry's bytes, served before the service is asked, so a kept output opens offline and after the service
// has forgotten it; and an entry's thumbnail, made locally once per hash.
import type { CachedFile } from './diskCache';

/** A thumbnail as the route answers it. */
export type ThumbAnswer =
  | { kind: 'file'; file: CachedFile }
  /** No library entry names this asset (404). */
  | { kind: 'missing' }
  /** It could not be made, and why, in words (422). */
  | { kind: 'failed'; message: string }
  /** Not a kind Loupe draws (415), and why. */
  | { kind: 'unsupported'; message: string }
  /** Not made this time (a broken download, a full disk), and why (503): the next ask tries again. */
  | { kind: 'unavailable'; message: string };

export interface LibraryRouteSource {
  /** The kept copy of the asset's bytes, opened; null when it is not kept (or its file is gone). */
  openKept(profileId: string, assetId: string): Promise<CachedFile | null>;
  /** The asset's thumbnail: made (or found) now. Throws the service's errors when its bytes had to be fetched. */
  thumb(profileId: string, assetId: string, signal?: AbortSignal): Promise<ThumbAnswer>;
}
