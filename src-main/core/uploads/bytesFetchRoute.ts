// The upload route as a Fetch handler (a web Request in, a web Response out), for Electron, where the page's
// PUT reaches main through protocol.handle on the app's own scheme. The rules and the answers are
// bytesRoute.ts's, shared with the browser shell's Node route.
//
// How the page going away stops the upstream request: Electron builds the handler's Request without a
// signal, so `request.signal` never aborts there (it is still honoured, for hosts that do abort it). What
// Electron does do when the page cancels is destroy the body of the Response the handler returned. So once
// core starts reading the body (it has refused everything it refuses by then, and what follows is an outcome,
// always 200) the route answers 200 at once and sends the JSON when the outcome is known; cancelling that
// answer aborts the upload.
import type { BytesDelivery } from './bytesBatches';
import {
  INTERNAL_ANSWER,
  answerForError,
  answerForOutcome,
  checkBytesRequest,
  BYTES_ROUTE_HEADERS,
  type BytesRouteAnswer,
  type BytesRouteOptions,
} from './bytesRoute';

export interface BytesFetchRouteOptions extends BytesRouteOptions {
  /** The page's own origin (`loupe-app://app`): the only one that may upload. */
  pageOrigin: string;
}

/** Electron adds the origin that issued the request to the handler's Request; absent for its own requests. */
type ElectronRequest = Request & { initiatorOrigin?: unknown };

export async function serveBytesFetch(request: Request, options: BytesFetchRouteOptions): Promise<Response> {
  const initiator = (request as ElectronRequest).initiatorOrigin;
  const checked = checkBytesRequest(
    {
      pathname: new URL(request.url).pathname,
      method: request.method,
      header: (name) => request.headers.get(name) ?? undefined,
      origins: [
        request.headers.get('origin') ?? undefined,
        typeof initiator === 'string' ? initiator : undefined,
      ],
    },
    options.capability,
    options.pageOrigin,
  );
  if (checked.kind === 'refuse') return respond(checked.answer);

  const page = new AbortController();
  const stop = (): void => page.abort();
  request.signal.addEventListener('abort', stop, { once: true });
  if (request.signal.aborted) stop();
  let reading = (): void => undefined;
  const bodyRead = new Promise<'reading'>((resolve) => {
    reading = () => resolve('reading');
  });
  const delivery: BytesDelivery = {
    batchId: checked.batchId,
    fileId: checked.fileId,
    length: checked.length,
    body: bodyChunks(request.body, reading),
    signal: page.signal,
  };
  const answer = options.receiver
    .receive(delivery)
    .then(answerForOutcome, (error: unknown) => {
      const refused = answerForError(error);
      if (refused !== null) return refused;
      // Logged without the URL: it carries the capability.
      (options.logError ?? console.error)(`the upload route failed: ${String(error)}`);
      return INTERNAL_ANSWER;
    })
    .finally(() => request.signal.removeEventListener('abort', stop));
  const first = await Promise.race([answer, bodyRead]);
  return first === 'reading' ? answerWhenDone(answer, page) : respond(first);
}

function respond(answer: BytesRouteAnswer): Response {
  const headers = new Headers(BYTES_ROUTE_HEADERS);
  if (answer.allow !== undefined) headers.set('allow', answer.allow);
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers });
}

/** 200 now, the JSON once the outcome is known; a cancel of this body (the page went away) aborts the upload. */
function answerWhenDone(answer: Promise<BytesRouteAnswer>, page: AbortController): Response {
  let canceled = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const settled = await answer;
      if (canceled) return;
      // Refusals all come before the body is read; anything else now is a bug, and the page sees a failed PUT.
      if (settled.status !== 200) controller.error(new Error(`the upload route failed (${settled.status})`));
      else {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(settled.body)));
        controller.close();
      }
    },
    cancel() {
      canceled = true;
      page.abort();
    },
  });
  return new Response(body, { status: 200, headers: BYTES_ROUTE_HEADERS });
}

/** The request body as core reads it; `reading` is told when core first asks for bytes. */
async function* bodyChunks(
  body: ReadableStream<Uint8Array> | null,
  reading: () => void,
): AsyncGenerator<Uint8Array> {
  reading();
  if (body === null) return;
  const reader = body.getReader();
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // Core stopped early (a refusal, a cancel): the rest of the page's body is not wanted.
    if (!done) void reader.cancel().catch(() => undefined);
  }
}
