// The one request function of the app. It decides where a request goes, whether it carries the
// profile's credential (only to the profile's own origin, never to a redirect target), how long it may
// take, and whether it is sent again (retry.ts). Every failure leaves here as an ApiError or an abort.
import {
  mayReceive,
  systemClock,
  type ApiFamily,
  type BoundCredential,
  type Clock,
  type Connection,
} from './connection';
import { Deadline } from './deadline';
import { apiErrorFromResponse } from './errorBody';
import { ApiError } from './errors';
import { HttpResponse } from './httpResponse';
import { withPartnerKey } from './partnerKeyBody';
import { encodeBody, isReplayable, type RequestBody } from './requestBody';
import { RetryPolicy } from './retry';
import { appendQuery, credentialOrigin, familyBaseUrl, resolveLink, resolveTarget, type Query } from './urls';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  family: ApiFamily;
  method: HttpMethod;
  /** 'api/v2/jobs' (our path, joined to the base incl. prefix), '/x' (host-relative link) or an absolute URL. */
  target: string;
  query?: Query;
  body?: RequestBody;
  headers?: Readonly<Record<string, string>>;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Until the body is read, or handed over as a stream. */
  timeoutMs?: number;
  /** Non-2xx statuses handed back as responses instead of thrown (a 409 that is an answer, not a failure). */
  acceptStatuses?: readonly number[];
  /** GET/HEAD follow redirects by hand, without credentials, unless this is false. */
  followRedirects?: boolean;
  /** False sends once, with no automatic retry. */
  retry?: boolean;
  /** The documents promise the operation is idempotent, so it may be retried like a GET. */
  idempotent?: boolean;
  /**
   * False sends no credential even to the profile's own origin: a signed storage URL carries its own
   * authorization, and storage can share the origin (ARCHITECTURE rule 2).
   */
  withCredential?: boolean;
  /**
   * A job submission whose workflow uses partner nodes, by the user's choice: the profile's own key goes into
   * the JSON body's `extra_data.api_key_svc_org` here, as it leaves, and only to the origin the key was given
   * for (partnerKeyBody.ts). Only POSTs carry it, and a POST's redirect is never followed, so no hop sees it.
   */
  partnerKey?: boolean;
}

export interface HttpClientOptions {
  connection: Connection;
  fetch?: typeof fetch;
  clock?: Clock;
  retryPolicy?: RetryPolicy;
  defaultTimeoutMs?: number;
  maxRedirects?: number;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
/** Never taken from callers: the credential is this module's business alone. */
const credentialHeaders = new Set(['authorization', 'x-api-key']);

export class HttpClient {
  readonly connection: Connection;
  private readonly fetchImpl: typeof fetch;
  private readonly clock: Clock;
  private readonly retryPolicy: RetryPolicy;
  private readonly defaultTimeoutMs: number;
  private readonly maxRedirects: number;

  constructor(options: HttpClientOptions) {
    this.connection = options.connection;
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.clock = options.clock ?? systemClock;
    this.retryPolicy = options.retryPolicy ?? new RetryPolicy();
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? 30_000;
    this.maxRedirects = options.maxRedirects ?? 5;
  }

  get now(): number {
    return this.clock.now();
  }

  /** The absolute URL a request with this target and query would go to. */
  urlFor(family: ApiFamily, target: string, query?: Query): URL {
    return appendQuery(resolveTarget(target, familyBaseUrl(this.connection, family)), query);
  }

  /** Sends a request; 2xx, 304 and accepted statuses come back, everything else throws an ApiError. */
  async send(request: HttpRequest): Promise<HttpResponse> {
    const url = this.urlFor(request.family, request.target, request.query);
    const context = {
      family: request.family,
      method: request.method,
      idempotencyKey: request.idempotencyKey ?? null,
      replayable: request.retry !== false && isReplayable(request.body),
      idempotent: request.idempotent === true,
    };
    return this.retryPolicy.run(context, () => this.attempt(request, url), request.signal);
  }

  private async attempt(request: HttpRequest, url: URL): Promise<HttpResponse> {
    const timeoutMs = request.timeoutMs ?? this.defaultTimeoutMs;
    const deadline = new Deadline(timeoutMs, request.signal);
    try {
      const credential = await this.credentialFor(request, url);
      const encoded = encodeBody(this.bodyFor(request, credential, url));
      const headers = this.callerHeaders(request);
      for (const [name, value] of Object.entries(encoded.headers)) headers.set(name, value);
      const hopHeaders = new Headers(headers);
      if (request.withCredential !== false) this.addCredential(headers, request.family, url, credential);
      const init: RequestInit = {
        method: request.method,
        headers,
        redirect: 'manual',
        signal: deadline.signal,
        ...(encoded.body === undefined ? {} : { body: encoded.body }),
        ...(encoded.streaming ? { duplex: 'half' as const } : {}),
      };
      let response = await this.fetchImpl(url, init);
      let currentUrl = url.toString();
      const follow =
        request.followRedirects !== false && (request.method === 'GET' || request.method === 'HEAD');
      for (let hops = 0; follow && redirectStatuses.has(response.status); hops++) {
        const location = response.headers.get('location');
        await response.body?.cancel();
        if (location === null || hops >= this.maxRedirects) {
          throw ApiError.invalidResponse('A redirect could not be followed.', response.status, null, {
            hops,
          });
        }
        currentUrl = resolveLink(location, currentUrl);
        // A redirect target (a signed storage URL, another host) never sees the credential.
        response = await this.fetchImpl(currentUrl, { ...init, headers: hopHeaders });
      }
      const accepted = request.acceptStatuses?.includes(response.status) === true;
      if ((response.status >= 200 && response.status < 300) || response.status === 304 || accepted) {
        return new HttpResponse(response, deadline, url.toString(), currentUrl);
      }
      const error = await apiErrorFromResponse(response, this.clock.now());
      deadline.clear();
      throw error;
    } catch (error) {
      deadline.clear();
      throw deadline.translate(error);
    }
  }

  private callerHeaders(request: HttpRequest): Headers {
    const headers = new Headers({ accept: 'application/json' });
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      if (!credentialHeaders.has(name.toLowerCase())) headers.set(name, value);
    }
    if (request.idempotencyKey !== undefined) headers.set('idempotency-key', request.idempotencyKey);
    return headers;
  }

  /**
   * The credential, read once per attempt, when this request may use it: its URL is the family's own origin
   * and it sends the key (auth header, or the partner key in its body). Null otherwise, unread.
   */
  private async credentialFor(request: HttpRequest, url: URL): Promise<BoundCredential | null> {
    if (request.withCredential === false && request.partnerKey !== true) return null;
    if (url.origin !== credentialOrigin(this.connection, request.family)) return null;
    try {
      return await this.connection.credential();
    } catch (cause) {
      throw new ApiError({
        kind: 'credential',
        status: 0,
        code: 'credential_unavailable',
        message: readerSaid(cause) ?? 'The saved credential could not be read.',
        notSent: true,
        cause,
      });
    }
  }

  /** The body as it leaves: with the partner key when the request asks for it and may carry it (POST only). */
  private bodyFor(
    request: HttpRequest,
    credential: BoundCredential | null,
    url: URL,
  ): RequestBody | undefined {
    if (request.partnerKey !== true || request.method !== 'POST') return request.body;
    return withPartnerKey(request.body, credential, url.origin);
  }

  private addCredential(
    headers: Headers,
    family: ApiFamily,
    url: URL,
    credential: BoundCredential | null,
  ): void {
    if (url.origin !== credentialOrigin(this.connection, family)) return;
    // The origin the secret was given for decides, not the profile's address now (ARCHITECTURE rule 10).
    if (!mayReceive(credential, url.origin)) return;
    if (family === 'v2') headers.set('authorization', `Bearer ${credential.secret}`);
    else headers.set('x-api-key', credential.secret);
  }
}

/**
 * The words of an error the credential's reader threw on purpose (it names itself with a code, as core's domain
 * errors do: the vault's says to unlock the keychain). Anything else is not shown: its text was not meant for
 * a person.
 */
function readerSaid(cause: unknown): string | null {
  if (!(cause instanceof Error) || !('code' in cause) || typeof cause.code !== 'string') return null;
  return cause.message.length > 0 && cause.message.length <= 500 ? cause.message : null;
}
