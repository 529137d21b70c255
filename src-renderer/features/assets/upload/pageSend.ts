// Sending for page uploads: the files main asked the page for (action `send`), PUT to the upload route two at
// a time per upload. Started whenever a plan adds files to send; a running pair of lanes picks them up.
import type { UploaderDeps } from './pageUpload';
import type { PutResult } from './sendFile';
import { useUploads, type LocalFile, type LocalProblem } from './uploadsStore';

const SEND_CONCURRENCY = 2;

/** The hash or PUT in flight for a file, so cancel can stop it. */
export const inFlight = new Map<string, { stop(): void }>();

export const handleOf = (id: string, key: string): string => `${id}/${key}`;

/** Lanes sending for each upload. */
const lanes = new Map<string, number>();

/** Makes sure up to SEND_CONCURRENCY lanes are sending this upload's planned files. */
export function sendPlanned(deps: UploaderDeps, id: string): void {
  while ((lanes.get(id) ?? 0) < SEND_CONCURRENCY && nextToSend(id) !== undefined) {
    lanes.set(id, (lanes.get(id) ?? 0) + 1);
    void lane(deps, id).finally(() => {
      const left = (lanes.get(id) ?? 1) - 1;
      if (left === 0) lanes.delete(id);
      else lanes.set(id, left);
    });
  }
}

function nextToSend(id: string): LocalFile | undefined {
  return useUploads
    .getState()
    .uploads.find((u) => u.id === id)
    ?.files.find(
      (f) =>
        f.phase === 'main' &&
        f.action === 'send' &&
        f.putState === 'idle' &&
        !f.stopRequested &&
        f.sendUrl !== null,
    );
}

async function lane(deps: UploaderDeps, id: string): Promise<void> {
  for (let next = nextToSend(id); next !== undefined; next = nextToSend(id)) {
    if (next.sendUrl === null) return;
    await sendFile(deps, id, next, next.sendUrl);
  }
}

async function sendFile(deps: UploaderDeps, id: string, file: LocalFile, url: string): Promise<void> {
  const { patchFile } = useUploads.getState();
  // Claimed before anything awaits, so another lane cannot pick the same file.
  patchFile(id, file.key, { putState: 'sending', bytesPut: 0, problem: null });
  const handle = deps.put(url, file.file, (bytes) => patchFile(id, file.key, { bytesPut: bytes }));
  inFlight.set(handleOf(id, file.key), { stop: () => handle.abort() });
  let result: PutResult;
  try {
    result = await handle.done;
  } finally {
    inFlight.delete(handleOf(id, file.key));
  }
  if (result.kind === 'answered' && result.status === 200) {
    patchFile(id, file.key, { putState: 'sent', bytesPut: file.size, sendUrl: null });
    return;
  }
  patchFile(id, file.key, { putState: 'failed', sendUrl: null, problem: putProblem(result) });
}

function putProblem(result: PutResult): LocalProblem | null {
  if (result.kind === 'aborted') return null;
  if (result.kind === 'network') {
    return {
      code: 'connection_lost',
      message: 'The connection to Loupe ended while the file was being handed over.',
    };
  }
  return result.error ?? { code: `http_${result.status}`, message: 'Loupe refused the file’s bytes.' };
}
