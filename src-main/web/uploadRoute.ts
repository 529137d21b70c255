// The browser shell's upload route: PUT /upload-bytes/<capability>/<batchId>/<fileId>, the bytes of a file the
// page hashed and main planned to send (uploads.prepareBytes). The rules and answers are core's (bytesRoute.ts,
// shared with Electron's loupe-app:// route); this turns a Node request into them, then hands the request body
// to core (BytesUploads.receive), which streams it to the service with the page's hash as expected_hash.
// Guarded like the asset route by the per-launch capability (a wrong one is a plain 404), and by the page's
// own origin: a browser names it on every PUT, and another site's page cannot forge it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BYTES_ROUTE_HEADERS,
  INTERNAL_ANSWER,
  answerForError,
  answerForOutcome,
  checkBytesRequest,
  isBytesRoutePath,
  type BytesDelivery,
  type BytesReceiver,
  type BytesRouteAnswer,
  type BytesRouteOptions,
  type BytesRouteRequest,
} from '../core/uploads';

export type UploadRouteOptions = BytesRouteOptions;

/** True when the path belongs to the upload route (answered here, whatever the outcome). */
export const isUploadRoutePath = isBytesRoutePath;

export async function serveUploadRoute(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  options: UploadRouteOptions,
  hostOrigin: string,
): Promise<void> {
  try {
    const checked = checkBytesRequest(bytesRequestOf(req, pathname), options.capability, hostOrigin);
    reply(
      res,
      checked.kind === 'refuse' ? checked.answer : await receive(req, res, options.receiver, checked),
    );
  } catch (error) {
    const refused = answerForError(error);
    if (refused !== null) {
      reply(res, refused);
      return;
    }
    // Logged without the path: it carries the capability.
    (options.logError ?? console.error)(`browser shell: the upload route failed: ${String(error)}`);
    if (!res.headersSent) reply(res, INTERNAL_ANSWER);
    else res.destroy();
  }
}

/** What core's checks read of a Node request. */
function bytesRequestOf(req: IncomingMessage, pathname: string): BytesRouteRequest {
  return {
    pathname,
    method: req.method ?? '',
    header: (name) => single(req.headers[name]),
    origins: [single(req.headers.origin)],
  };
}

/** Hands an accepted request's body to core, and answers with the file's outcome. */
async function receive(
  req: IncomingMessage,
  res: ServerResponse,
  receiver: BytesReceiver,
  accepted: Pick<BytesDelivery, 'batchId' | 'fileId' | 'length'>,
): Promise<BytesRouteAnswer> {
  // The page going away mid-body (cancel, a closed tab) stops the upstream request too.
  const page = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) page.abort();
  });
  const outcome = await receiver.receive({
    batchId: accepted.batchId,
    fileId: accepted.fileId,
    length: accepted.length,
    body: req,
    signal: page.signal,
  });
  return answerForOutcome(outcome);
}

function single(value: string | string[] | undefined): string | undefined {
  // A header sent twice is not one length or one origin.
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * A short JSON answer. It may come before the body was read (a refusal, a service that answered early):
 * closing the connection then keeps the server from reading, and throwing away, what the page still sends.
 */
function reply(res: ServerResponse, answer: BytesRouteAnswer): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(answer.status, {
    ...BYTES_ROUTE_HEADERS,
    ...(res.req.complete ? {} : { connection: 'close' }),
    ...(answer.allow === undefined ? {} : { allow: answer.allow }),
  });
  res.end(JSON.stringify(answer.body));
}
