// Credential conventions per route family (job-and-asset-api.md "Authentication", NOTES.md Router
// "Authentication"). Each accepted key is its own owner, so owner scoping can be tried with two keys.
import type { IncomingMessage } from 'node:http';
import type { AuthResult, AuthScheme, Surface } from './types';

/** The single owner of an unauthenticated self-hosted proxy. */
export const localOwner = 'local';

export interface Authenticator {
  authenticate(req: IncomingMessage, scheme: AuthScheme): AuthResult;
  /** The owner a raw key maps to (the v1 WebSocket takes its key as a query parameter). */
  ownerForKey(key: string | null): string | null;
  /** The owner the demo seed and the self-hosted default use. */
  readonly primaryOwner: string;
}

function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  if (Array.isArray(value)) return value[0] ?? null;
  return value ?? null;
}

function bearerToken(req: IncomingMessage): string | null {
  const header = headerValue(req, 'authorization');
  if (header === null) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

export function createAuthenticator(
  surface: Surface,
  apiKeys: readonly string[],
  forbiddenKeys: readonly string[] = [],
): Authenticator {
  const keys = new Set(apiKeys);
  // Keys the service recognises but whose caller may not use it: 403 rather than 401. They own nothing.
  const forbidden = new Set(forbiddenKeys);
  // Self-hosted with no token configured accepts everyone as one local user.
  const open = surface === 'self-hosted' && keys.size === 0;
  const ownerForKey = (key: string | null): string | null => {
    if (open) return localOwner;
    return key !== null && keys.has(key) ? key : null;
  };
  return {
    primaryOwner: open ? localOwner : (apiKeys[0] ?? localOwner),
    ownerForKey,
    authenticate(req, scheme) {
      const apiKeyHeader = headerValue(req, 'x-api-key');
      const bearer = bearerToken(req);
      let presented: string | null;
      if (scheme === 'v2-bearer') presented = bearer;
      else if (scheme === 'v1-x-api-key') presented = apiKeyHeader;
      else presented = apiKeyHeader ?? bearer; // Router: X-API-Key wins when both are sent.
      if (presented !== null && forbidden.has(presented))
        return { owner: null, presented: true, forbidden: true };
      return { owner: ownerForKey(presented), presented: presented !== null };
    },
  };
}

/** Whether a request carried any credential at all (for /_sim/requests). */
export function sentCredentials(req: IncomingMessage, url: URL): boolean {
  return (
    req.headers.authorization !== undefined ||
    req.headers['x-api-key'] !== undefined ||
    req.headers.cookie !== undefined ||
    url.searchParams.has('token')
  );
}

/** A JWT-shaped bearer (three dot-separated base64url parts), which deployments may refuse by policy. */
export function looksLikeJwt(req: IncomingMessage): boolean {
  const token = bearerToken(req);
  return token !== null && /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);
}
