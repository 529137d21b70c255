// The page's PUT of one file to main's upload route (the browser shell's host, or loupe-app:// in Electron).
// XMLHttpRequest, not fetch: fetch cannot report how much of a request body has gone out, and the user watches
// that bar. The answer is parsed with zod: the route answers `{ outcome }` or `{ error: { code, message } }`.
import { z } from 'zod';

export type PutResult =
  | { kind: 'answered'; status: number; error: { code: string; message: string } | null }
  | { kind: 'network' }
  | { kind: 'aborted' };

export interface PutHandle {
  readonly done: Promise<PutResult>;
  abort(): void;
}

/** What the uploader needs to send a file (tests pass a fake). */
export type PutFile = (url: string, file: Blob, onProgress: (bytesSent: number) => void) => PutHandle;

const LENGTH_HEADER = 'x-loupe-length';

const answerSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});

export const putFile: PutFile = (url, file, onProgress) => {
  const xhr = new XMLHttpRequest();
  const done = new Promise<PutResult>((resolve) => {
    xhr.upload.addEventListener('progress', (event) => onProgress(event.loaded));
    xhr.addEventListener('load', () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: the status alone says enough.
      }
      const answer = answerSchema.safeParse(parsed);
      resolve({
        kind: 'answered',
        status: xhr.status,
        error: answer.success ? (answer.data.error ?? null) : null,
      });
    });
    xhr.addEventListener('error', () => resolve({ kind: 'network' }));
    xhr.addEventListener('abort', () => resolve({ kind: 'aborted' }));
  });
  xhr.open('PUT', url);
  // The length beside Content-Length: Electron's protocol handler never sees a Content-Length, and the route
  // refuses a body of unknown length (core's BYTES_LENGTH_HEADER).
  xhr.setRequestHeader(LENGTH_HEADER, String(file.size));
  xhr.send(file);
  return { done, abort: () => xhr.abort() };
};
