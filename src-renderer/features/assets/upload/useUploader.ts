// The uploader's actions for the screen. A drop or a pick starts an upload on the active profile with the
// options as typed: in Electron the files the user chose (a real drop through the preload's bridge, or
// main's own dialog) become grants, and main reads them from disk (uploads.start); otherwise the page hashes
// and sends them itself (pageUpload.ts). Main's answers (which batches, which files) go to React Query
// (uploadPlans.ts); the page's own work to uploadsStore.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import type { LoupeApi } from '../../../../src-preload/buildApi';
import type { UploadOptions } from '../../../../src-shared/contract';
import { useActiveProfileId } from '../../../hooks/useActiveProfileId';
import { useLoupe } from '../../../lib/loupeContext';
import { appInfoQuery } from '../../../queries/appQueries';
import { useAssetsUi } from '../assetsUiStore';
import type { Collected } from './collectDropped';
import { fileSourceFor } from './fileSource';
import { sharedHasher, type BlobHasher } from './hashClient';
import { addUpload, cancelPageFile, retryPageFile, startPageUpload, type UploaderDeps } from './pageUpload';
import { putFile, type PutFile } from './sendFile';
import { parseUploadOptions } from './uploadOptions';
import { planOf, recordBatch } from './uploadPlans';
import { useUploads, type LocalUpload } from './uploadsStore';
import type { FileView } from './uploadView';

export interface UploaderTools {
  hasher: BlobHasher;
  put: PutFile;
}

/** Tests provide fakes; the app uses the hashing worker and XMLHttpRequest. */
export const UploaderToolsContext = createContext<UploaderTools | null>(null);

const appTools: UploaderTools = {
  // The worker itself starts on the first hash, not when the screen opens.
  get hasher() {
    return sharedHasher();
  },
  put: putFile,
};

/** What was dropped or picked: the top-level files (Electron names their paths) and how to walk them. */
export interface UploadInput {
  top: File[];
  collect: () => Promise<Collected>;
}

export interface Uploader {
  /** False without an active profile: uploads go to a profile's service. */
  ready: boolean;
  /** True where main has its own file dialog (Electron): "Upload files…" opens it instead of the page's. */
  picksInMain: boolean;
  start(input: UploadInput): Promise<void>;
  /** Main's dialog, then the chosen files' upload (Electron). */
  pickInMain(kind: 'files' | 'folder'): Promise<void>;
  cancel(upload: LocalUpload, file: FileView): void;
  cancelAll(upload: LocalUpload, files: readonly FileView[]): void;
  retry(upload: LocalUpload, file: FileView): void;
}

/** An upload main reads from disk, shown at once; its files arrive on uploads.progress. */
function addMainUpload(profileId: string, options: UploadOptions): string {
  return addUpload({ profileId, options, mode: 'paths', files: [], leftOut: [] });
}

async function startGrantUpload(
  loupe: LoupeApi,
  client: QueryClient,
  profileId: string,
  grants: string[],
  options: UploadOptions,
): Promise<void> {
  const id = addMainUpload(profileId, options);
  const result = await loupe.uploads.start({ profileId, grants, options });
  // Main reads these files itself: its batch is all of the plan, and uploads.progress names the files.
  if (result.ok) recordBatch(client, id, result.value.batchId, []);
  else useUploads.getState().patchUpload(id, { problem: result.error });
}

/** Main's ids for a file read by main (paths mode keys are `batchId/fileId`). */
function mainIds(
  upload: LocalUpload,
  file: FileView,
): { profileId: string; batchId: string; fileId: string } | null {
  const [batchId, fileId] = file.key.split('/');
  return batchId === undefined || fileId === undefined
    ? null
    : { profileId: upload.profileId, batchId, fileId };
}

export function useUploader(): Uploader {
  const loupe = useLoupe();
  const client = useQueryClient();
  const tools = useContext(UploaderToolsContext) ?? appTools;
  const profileId = useActiveProfileId();
  const shell = useQuery(appInfoQuery(loupe)).data?.shell;
  const setOptionsOpen = useAssetsUi((state) => state.setOptionsOpen);

  return useMemo((): Uploader => {
    const deps: UploaderDeps = { loupe, hasher: tools.hasher, put: tools.put, client };
    /** The options as typed, or null (and the form opened) when the service would refuse them. */
    const checkedOptions = (): UploadOptions | null => {
      const parsed = parseUploadOptions(useAssetsUi.getState().uploadOptions);
      if (parsed.ok) return parsed.options;
      setOptionsOpen(true);
      return null;
    };
    return {
      ready: profileId !== null,
      picksInMain: shell === 'electron',
      start: async (input) => {
        if (profileId === null) return;
        const options = checkedOptions();
        if (options === null) return;
        const grants = await fileSourceFor(shell).grantsFor(input.top);
        if (grants !== null) {
          await startGrantUpload(loupe, client, profileId, grants, options);
          return;
        }
        const collected = await input.collect();
        if (collected.files.length === 0 && collected.leftOut.length === 0) return;
        startPageUpload(deps, profileId, collected, options);
      },
      pickInMain: async (kind) => {
        if (profileId === null) return;
        const options = checkedOptions();
        if (options === null) return;
        const picked = await loupe.uploads.pickFiles({ kind });
        if (!picked.ok) {
          useUploads.getState().patchUpload(addMainUpload(profileId, options), { problem: picked.error });
          return;
        }
        const grants = picked.value.grants.map((g) => g.grant);
        // A canceled dialog is no upload at all.
        if (grants.length > 0) await startGrantUpload(loupe, client, profileId, grants, options);
      },
      cancel: (upload, file) => {
        if (upload.mode === 'bytes') return cancelPageFile(deps, upload.id, file.key);
        const ids = mainIds(upload, file);
        if (ids !== null) void loupe.uploads.cancel(ids);
      },
      cancelAll: (upload, files) => {
        if (upload.mode === 'bytes') {
          for (const file of files) if (file.canCancel) cancelPageFile(deps, upload.id, file.key);
          return;
        }
        for (const batchId of planOf(client, upload.id).batchIds) {
          void loupe.uploads.cancel({ profileId: upload.profileId, batchId });
        }
      },
      retry: (upload, file) => {
        if (upload.mode === 'bytes') return retryPageFile(deps, upload.id, file.key);
        const ids = mainIds(upload, file);
        if (ids !== null) void loupe.uploads.retry(ids);
      },
    };
  }, [loupe, client, tools, profileId, shell, setOptionsOpen]);
}
