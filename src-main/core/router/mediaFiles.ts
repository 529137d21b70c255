// A run's saved media, found through the store: the asset route's `router-media` sub-path and the CLI both ask by
// (profile, run, index), and get the file only when that profile owns that run and the medium is saved. The
// file's path is built from the store's record and checked to stay inside the run's folder; nothing a caller
// sends is ever part of a path.
import { open, stat } from 'node:fs/promises';
import type { CachedFile, RouterMediaSource } from '../content';
import { safeContentType } from '../content';
import { isStoreError, type LoupeStore, type StoredMedia } from '../store';
import type { RouterPaths } from './routerPaths';

export interface MediaFile {
  path: string;
  contentType: string;
  name: string;
  sizeBytes: number | null;
}

const fileNamePattern = /^\d{1,4}\.[a-z0-9]{1,8}$/;

export class RouterMediaFiles implements RouterMediaSource {
  constructor(
    private readonly store: LoupeStore,
    private readonly paths: RouterPaths,
  ) {}

  /** Where a saved medium is, or null (no such run for this profile, not saved, or a damaged record). */
  locate(profileId: string, runId: string, index: number): MediaFile | null {
    const medium = this.medium(profileId, runId, index);
    if (medium?.state !== 'saved' || medium.file === null || !fileNamePattern.test(medium.file)) return null;
    const path = this.paths.mediaFile(profileId, runId, medium.file);
    if (path === null) return null;
    return {
      path,
      contentType: safeContentType(medium.contentType),
      name: medium.name,
      sizeBytes: medium.sizeBytes,
    };
  }

  async open(profileId: string, runId: string, index: number): Promise<CachedFile | null> {
    const located = this.locate(profileId, runId, index);
    if (located === null) return null;
    try {
      const info = await stat(located.path);
      if (!info.isFile()) return null;
      const handle = await open(located.path, 'r');
      return { handle, size: info.size, contentType: located.contentType };
    } catch {
      // A file removed by hand since it was saved: as if it had never been.
      return null;
    }
  }

  private medium(profileId: string, runId: string, index: number): StoredMedia | null {
    try {
      const run = this.store.routerRuns.getForProfile(profileId, runId);
      return run?.media.find((medium) => medium.index === index) ?? null;
    } catch (error) {
      if (isStoreError(error, 'corrupt_row')) return null;
      throw error;
    }
  }
}
