// assets.saveToFolder and assets.dragOut: the asset bytes leaving Loupe as files. Both need something only the
// Electron host has (a folder picker, a window to drag from), injected as plain functions so core never
// imports electron; the browser shell passes null and the renderer falls back to the page's own download.
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AssetSaveToFolderResult } from '../../../src-shared/contracts/assets';
import { DomainError } from '../errors';
import type { CallCaller, CallHandlers } from '../rpc/dispatcher';
import type { LoupeStore } from '../store';
import type { AssetBytes } from './assetBytes';
import { knownAssets } from './knownAssets';
import { safeFileName } from '../../../src-shared/safeFileName';
import { saveAssetsToFolder, saveOne } from './saveToFolder';

export type AssetExportNames = 'assets.saveToFolder' | 'assets.dragOut';
export type AssetExportHandlers = Pick<CallHandlers, AssetExportNames>;

/** Asks the user for a folder; null when they cancel. */
export type PickFolder = () => Promise<string | null>;
/**
 * Starts an OS drag of `file` (and `more` files with it: a library selection) from the window that made the
 * call; false when `caller` is not a live window.
 */
export type StartDrag = (
  caller: object,
  file: string,
  more?: readonly string[],
) => boolean | Promise<boolean>;

export interface AssetExportDeps {
  bytes: Pick<AssetBytes, 'read'>;
  store: LoupeStore;
  /** The active profile's id; throws the typed no-profile error when there is none. */
  pickFolder: PickFolder | null;
  startDrag: StartDrag | null;
  /** Where files handed to a drag live (one folder per asset, so the file carries the asset's own name). */
  dragDir: string;
}

/** A dragged file must outlive the drop (the OS copies it then), not the week. */
const DRAG_FILE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export function createAssetExportHandlers(deps: AssetExportDeps): AssetExportHandlers {
  let pruned: Promise<void> | null = null;
  const nameLookup = (profileId: string): ((assetId: string) => string | null) => {
    // One pass over Loupe's memory, not one per asset: a save of 500 outputs asks 500 times.
    const names = new Map(knownAssets(deps.store, profileId).map((a) => [a.assetId, a.name]));
    // The list leaves out assets only described (opened in a gallery, never uploaded or looked up).
    return (assetId) => names.get(assetId) ?? deps.store.assets.get(profileId, assetId)?.filePath ?? null;
  };

  const workflowLookup = (profileId: string): ((assetId: string) => Record<string, unknown> | null) => {
    const jobs = new Map(knownAssets(deps.store, profileId).map((a) => [a.assetId, a.jobId]));
    return (assetId) => {
      const jobId = jobs.get(assetId) ?? null;
      return jobId === null ? null : (deps.store.jobs.get(profileId, jobId)?.workflow ?? null);
    };
  };

  return {
    'assets.saveToFolder': async ({ profileId, assetIds }): Promise<AssetSaveToFolderResult> => {
      if (deps.pickFolder === null) {
        return { kind: 'not_available', message: 'This window saves files through the browser’s downloads.' };
      }
      const folder = await deps.pickFolder();
      if (folder === null) return { kind: 'cancelled' };
      const outcome = await saveAssetsToFolder(
        { bytes: deps.bytes, nameOf: nameLookup(profileId), workflowOf: workflowLookup(profileId) },
        profileId,
        assetIds,
        folder,
      );
      return { kind: 'saved', folder, ...outcome };
    },

    'assets.dragOut': async ({ profileId, assetId }, caller?: CallCaller) => {
      if (deps.startDrag === null) {
        throw new DomainError('not_available', 'Dragging files out works in the desktop app only.');
      }
      if (caller === undefined || caller === null) return { started: false };
      pruned ??= pruneOldDrags(deps.dragDir);
      await pruned;
      const file = await dragFile(deps, profileId, assetId, nameLookup(profileId)(assetId));
      return { started: await deps.startDrag(caller, file) };
    },
  };
}

/** The asset's bytes in a file named like the asset: reused when an earlier drag already wrote it. */
async function dragFile(
  deps: AssetExportDeps,
  profileId: string,
  assetId: string,
  name: string | null,
): Promise<string> {
  const key = createHash('sha256').update(`${profileId}\n${assetId}`).digest('hex').slice(0, 32);
  const folder = join(deps.dragDir, key);
  const fileName = safeFileName(name, assetId);
  const existing = join(folder, fileName);
  if (
    await stat(existing).then(
      (s) => s.isFile(),
      () => false,
    )
  )
    return existing;
  await mkdir(folder, { recursive: true });
  return saveOne({ bytes: deps.bytes, nameOf: () => fileName }, profileId, assetId, folder);
}

/** Drags of earlier sessions leave their files behind (the OS gives no "drop done"); clear the old ones. */
async function pruneOldDrags(dragDir: string): Promise<void> {
  const entries = await readdir(dragDir).catch(() => []);
  const cutoff = Date.now() - DRAG_FILE_MAX_AGE_MS;
  for (const entry of entries) {
    const path = join(dragDir, entry);
    const info = await stat(path).catch(() => null);
    if (info !== null && info.mtimeMs < cutoff) await rm(path, { recursive: true, force: true });
  }
}
