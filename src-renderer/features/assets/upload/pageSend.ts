// Sending for page uploads: the files main asked the page for (action `send` in main's plan, uploadPlans.ts),
// PUT to the upload route two at a time per upload. Started whenever a plan adds files to send; a running pair
// of lanes picks them up.
import type { UploaderDeps } from './pageUpload';
import type { PutResult } from './sendFile';
import { plannedFile } from './uploadPlans';
import { useUploads, type LocalFile, type LocalProblem } from './uploadsStore';

const SEND_CONCURRENCY = 2;

/** The hash or PUT in flight for a file, so cancel can stop it. */
export const inFlight = new Map<string, { stop(): void }>();

export const handleOf = (id: string, key: string): string => `${id}/${key}`;

/** Lanes sending for each upload. */
const lanes = new Map<string, number>();

/** Makes sure up to SEND_CONCURRENCY lanes are sending this upload's planned files. */
export function sendPlanned(deps: UploaderDeps, id: string): void {
  while ((lanes.get(id) ?? 0) < SEND_CONCURRENCY && nextToSend(deps, id) !== undefined) {
    lanes.set(id, (lanes.get(id) ?? 0) + 1);
    void lane(deps, id).finally(() => {
      const left = (lanes.get(id) ?? 1) - 1;
      if (left === 0) lanes.delete(id);
      else lanes.set(id, left);
    });
  }
}

/** The next file main asked for whose PUT the page has not made, with the address main gave for it. */
function nextToSend(deps: UploaderDeps, id: string): { file: LocalFile; url: string } | undefined {
  const files = useUploads.getState().uploads.find((u) => u.id === id)?.files ?? [];
  for (const file of files) {
    // putState, not the plan, says the address was used: it is `idle` again only under a new plan.
    if (file.phase !== 'main' || file.putState !== 'idle' || file.stopRequested) continue;
    const planned = plannedFile(deps.client, id, file.key);
    if (planned?.action === 'send' && planned.sendUrl !== null) return { file, url: planned.sendUrl };
  }
  return undefined;
}

async function lane(deps: UploaderDeps, id: string): Promise<void> {
  for (let next = nextToSend(deps, id); next !== undefined; next = nextToSend(deps, id)) {
    await sendFile(deps, id, next.file, next.url);
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
    patchFile(id, file.key, { putState: 'sent', bytesPut: file.size });
    return;
  }
  patchFile(id, file.key, { putState: 'failed', problem: putProblem(result) });
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
