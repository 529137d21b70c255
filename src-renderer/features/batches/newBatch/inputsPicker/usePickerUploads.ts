// Uploads started from the picker: the Assets screen's own uploader (useUploader: main's dialog and grants in
// Electron, the page's hashing and sending in the browser shell), plus which of its uploads began here, so
// their assets can join the selection once they are done. The uploads themselves are the app's: they show
// in the Assets screen's tray as well, and go on if the picker closes.
import { useState } from 'react';
import { useAssetsUi } from '../../../assets/assetsUiStore';
import { parseUploadOptions } from '../../../assets/upload/uploadOptions';
import { useUploads } from '../../../assets/upload/uploadsStore';
import { useUploader, type UploadInput } from '../../../assets/upload/useUploader';

export interface PickerUploads {
  /** False without an active profile. */
  ready: boolean;
  /** The uploader's ids for the uploads begun here, oldest first. */
  started: readonly string[];
  /** Why a pick or a drop started nothing, in words; null when it did (or was only canceled). */
  problem: string | null;
  start: (input: UploadInput) => void;
  /** Main's own dialog, where there is one (Electron); the page's file inputs otherwise. */
  pickInMain: ((kind: 'files' | 'folder') => void) | undefined;
}

const OPTIONS_PROBLEM =
  'The upload options set in Assets (folder, tags, expiry) are not valid, so nothing was uploaded. Fix them ' +
  'under Assets → Options, then upload again.';

export function usePickerUploads(): PickerUploads {
  const uploader = useUploader();
  const [started, setStarted] = useState<readonly string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  // The uploader keeps its uploads in its own store and does not say which one a call began: the ids that
  // appear while the call runs are this call's (the picker is modal, so nothing else starts one meanwhile).
  const track = async (begin: () => Promise<void>) => {
    const before = new Set(useUploads.getState().uploads.map((upload) => upload.id));
    await begin();
    const fresh = useUploads
      .getState()
      .uploads.filter((upload) => !before.has(upload.id))
      .map((upload) => upload.id)
      .reverse();
    const optionsOk = parseUploadOptions(useAssetsUi.getState().uploadOptions).ok;
    setProblem(fresh.length === 0 && !optionsOk ? OPTIONS_PROBLEM : null);
    if (fresh.length > 0) setStarted((ids) => [...ids, ...fresh]);
  };

  return {
    ready: uploader.ready,
    started,
    problem,
    start: (input) => void track(() => uploader.start(input)),
    pickInMain: uploader.picksInMain ? (kind) => void track(() => uploader.pickInMain(kind)) : undefined,
  };
}
