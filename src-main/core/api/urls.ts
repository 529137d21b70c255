// Where a request goes, and which origin may see the profile's credential.
// Three kinds of target (ARCHITECTURE rule 3):
//   'api/v2/jobs'        a path of our own, joined onto the base URL *including* its mount prefix;
//   '/api/v2/jobs/x'     a host-relative link from the service, which already carries the prefix,
//                        so it resolves against the origin only (joining it to the base would double it);
//   'https://host/x'     an absolute link, used as is.
import type { ApiFamily, Connection } from './connection';
import { ApiError } from './errors';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = ReadonlyArray<readonly [string, string]> | Readonly<Record<string, QueryValue>>;

/** The base URL a family's own paths are joined onto. */
export function familyBaseUrl(connection: Connection, family: ApiFamily): URL {
  const raw = family === 'router' ? (connection.routerBaseUrl ?? connection.baseUrl) : connection.baseUrl;
  const base = URL.parse(raw);
  if (base === null || (base.protocol !== 'http:' && base.protocol !== 'https:')) {
    throw ApiError.invalidRequest('invalid_base_url', "The profile's address is not an http(s) URL.", {
      family,
    });
  }
  // A base without a trailing slash would lose its last segment on resolution ('/mount' + 'api' = '/api').
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  base.search = '';
  base.hash = '';
  return base;
}

/** The only origin that ever receives this family's credential. */
export function credentialOrigin(connection: Connection, family: ApiFamily): string {
  return familyBaseUrl(connection, family).origin;
}

/** Resolves a target against the base URL (own paths) or the request origin (links). */
export function resolveTarget(target: string, base: URL): URL {
  const url = URL.parse(target, target.startsWith('/') ? base.origin : base.toString());
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw ApiError.invalidRequest('invalid_url', 'The address to call is not a valid http(s) URL.');
  }
  return url;
}

/**
 * Resolves a link found in a response body against the URL of the request that returned it.
 * Host-relative links take only the scheme and authority of that URL, never its path.
 */
export function resolveLink(link: string, requestUrl: string): string {
  const base = link.startsWith('/') && !link.startsWith('//') ? new URL(requestUrl).origin : requestUrl;
  const url = URL.parse(link, base);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw ApiError.invalidResponse('A link in the response is not a valid http(s) URL.', 0, null, {
      link: link.slice(0, 200),
    });
  }
  return url.toString();
}

/** Appends query parameters, keeping any the link already carries. */
export function appendQuery(url: URL, query: Query | undefined): URL {
  if (query === undefined) return url;
  const pairs: Array<readonly [string, string]> = isPairList(query)
    ? [...query]
    : Object.entries(query).flatMap(([name, value]): Array<[string, string]> =>
        value === undefined || value === null ? [] : [[name, String(value)]],
      );
  if (pairs.length === 0) return url;
  const encoded = pairs.map(([name, value]) => `${encodeQueryName(name)}=${encodeURIComponent(value)}`);
  const existing = url.search.length > 1 ? url.search.slice(1) + '&' : '';
  const result = new URL(url);
  result.search = '?' + existing + encoded.join('&');
  return result;
}

function isPairList(query: Query): query is ReadonlyArray<readonly [string, string]> {
  return Array.isArray(query);
}

/** Brackets stay literal so label filters go out as `metadata[key]=value`, the form the service documents. */
function encodeQueryName(name: string): string {
  return encodeURIComponent(name).replace(/%5B/g, '[').replace(/%5D/g, ']');
}

/** ws:// or wss:// URL for a path of our own under the base URL. */
export function toWebSocketUrl(base: URL, path: string): URL {
  const url = resolveTarget(path, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url;
}

/**
 * Encodes one path segment taken from data (an id, a hash) so it can never add or remove a segment.
 * URL parsers collapse '.', '..' and their %2e spellings, so those are refused rather than encoded.
 */
export function segment(value: string): string {
  if (value === '' || /^(\.|%2e){1,2}$/i.test(value)) {
    throw ApiError.invalidRequest(
      'invalid_path_segment',
      'An id or hash in the path is empty or a dot segment.',
    );
  }
  return encodeURIComponent(value);
}
