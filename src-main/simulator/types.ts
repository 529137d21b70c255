// Shared vocabulary of the simulator. The simulator is an independent reading of the spec
// (../shared/spec); it imports nothing from src-main/core.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type Surface = 'self-hosted' | 'managed' | 'serverless';

/** Which credential convention a route family uses (spec "Authentication"). */
export type AuthScheme = 'v2-bearer' | 'v1-x-api-key' | 'router';

export interface AuthResult {
  /** The owner the credential maps to; null when no (valid) credential was presented. */
  owner: string | null;
  /** True when any credential header was present, valid or not. */
  presented: boolean;
  /**
   * True for a credential that authenticates but is not allowed (spec "Authentication" 6: 403 forbidden);
   * `owner` is then null. Absent means allowed, so route tests with their own authenticators need not say.
   */
  forbidden?: boolean;
}

/** Everything a route module needs about one request, resolved once by the server kernel. */
export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  /** The full request URL (absolute). */
  url: URL;
  /** Path below the mount prefix, always starting with '/', e.g. '/api/v2/jobs/abc'. */
  path: string;
  /** scheme://host:port the client used, for building absolute links. */
  origin: string;
  /** Mount prefix such as '/mount', or '' when none. Host-relative links must include it. */
  prefix: string;
  /** Resolve the caller for a route family's auth scheme. */
  authenticate(scheme: AuthScheme): AuthResult;
}

/** A route module answers the requests it owns and returns false for the rest. */
export type RouteHandler = (ctx: RouteContext) => Promise<boolean>;
