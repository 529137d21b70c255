// Asks a link nothing else explains what it is: a HEAD for its Content-Type, and when the HEAD is refused (a
// pre-signed URL is signed for GET only, and object stores answer a HEAD on it 403), a GET of its first byte
// (`Range: bytes=0-0`) whose body is never read. No credential ever goes with it, whatever its origin (ARCHITECTURE
// rule 2: a link is the service's storage, carrying its own authorization), and each ask has a short time limit.
import { isApiError, type HttpClient, type HttpResponse } from '../api';

export interface ProbeOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

/** A refused HEAD that a GET may still answer. */
const HEAD_REFUSALS = new Set([400, 403, 404, 405, 501]);

async function typeOf(response: HttpResponse): Promise<string> {
  const type = response.contentType;
  await response.discard();
  return type;
}

function ask(anonymous: HttpClient, url: string, method: 'HEAD' | 'GET', options: ProbeOptions) {
  return anonymous.send({
    family: 'router',
    method,
    target: url,
    headers: method === 'GET' ? { accept: '*/*', range: 'bytes=0-0' } : { accept: '*/*' },
    withCredential: false,
    timeoutMs: options.timeoutMs,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
}

/** The Content-Type the link answers with ('' when it names none); throws when the link answers neither ask. */
export async function probeContentType(
  anonymous: HttpClient,
  url: string,
  options: ProbeOptions,
): Promise<string> {
  try {
    return await typeOf(await ask(anonymous, url, 'HEAD', options));
  } catch (error) {
    if (options.signal?.aborted === true) throw error;
    if (!isApiError(error) || error.kind !== 'http' || !HEAD_REFUSALS.has(error.status)) throw error;
  }
  return typeOf(await ask(anonymous, url, 'GET', options));
}
