// From a profile id to the clients that reach its Router: the RouterClient (the profile's credential, sent to
// the profile's own origins only) with that profile's openapi.json cache, and an anonymous client for the media
// an output links to (a CDN or signed URL must never see the key). Built per use, so an address or credential
// changed a moment ago applies at once.
import {
  DiskOpenApiCache,
  HttpClient,
  RetryPolicy,
  RouterClient,
  systemClock,
  type Clock,
  type Connection,
} from '../api';
import { DomainError } from '../errors';
import { connectionForProfile, type ProfileService } from '../profiles';
import type { RouterPaths } from './routerPaths';

export interface RouterClients {
  router: RouterClient;
  /** No credential, ever: for links an output points at. */
  anonymous: HttpClient;
}

export interface ConnectOptions {
  /**
   * Called each time a write (POST) to the Router leaves, the retry policy's own resends included; never for a read
   * (a model's schema) nor for the links an output gives (the anonymous client).
   */
  onAttempt?: () => void;
  /** One attempt only: the caller has its own schedule (the queue watcher). */
  once?: boolean;
}

export interface RouterConnectorDeps {
  profiles: ProfileService;
  paths: RouterPaths;
  fetch?: typeof fetch;
  retryPolicy?: RetryPolicy;
  clock?: Clock;
}

export function noRouterError(): DomainError {
  return new DomainError(
    'no_router',
    'This profile has no Router address. Add one in the profile’s settings to browse and run models.',
  );
}

export class RouterConnector {
  constructor(private readonly deps: RouterConnectorDeps) {}

  /** The Demo server always serves the Router; any other profile needs its own Router address. */
  async hasRouter(profileId: string): Promise<boolean> {
    const profile = await this.deps.profiles.get(profileId);
    return profile.builtIn === 'demo' || profile.routerBaseUrl !== undefined;
  }

  async requireRouter(profileId: string): Promise<void> {
    if (!(await this.hasRouter(profileId))) throw noRouterError();
  }

  async clients(profileId: string, options: ConnectOptions = {}): Promise<RouterClients> {
    await this.requireRouter(profileId);
    const connection = await connectionForProfile(this.deps.profiles, profileId);
    const anonymousConnection: Connection = { ...connection, credential: () => Promise.resolve(null) };
    const router = new HttpClient(this.httpOptions(connection, options));
    const { onAttempt: _counted, ...uncounted } = options;
    return {
      router: new RouterClient(router, new DiskOpenApiCache(this.deps.paths.openApiDir(profileId))),
      anonymous: new HttpClient(this.httpOptions(anonymousConnection, uncounted)),
    };
  }

  private httpOptions(
    connection: Connection,
    options: ConnectOptions,
  ): ConstructorParameters<typeof HttpClient>[0] {
    const base = this.deps.fetch ?? globalThis.fetch;
    const onAttempt = options.onAttempt;
    const counted: typeof fetch =
      onAttempt === undefined
        ? base
        : (input, init) => {
            if ((init?.method ?? 'GET').toUpperCase() === 'POST') onAttempt();
            return base(input, init);
          };
    const retryPolicy = options.once === true ? new RetryPolicy({ maxAttempts: 1 }) : this.deps.retryPolicy;
    return {
      connection,
      fetch: counted,
      clock: this.deps.clock ?? systemClock,
      ...(retryPolicy === undefined ? {} : { retryPolicy }),
    };
  }
}
