// Finds where an asset's bytes are, per surface (spec "Asset content", Limits "Output URL lifetimes"):
// self-hosted serves them at the authenticated content endpoint; managed and serverless hand out signed
// storage URLs, read from the Asset's own `url` with its real `url_expires_at`, or, when the Asset gives none,
// from the content endpoint's 302, followed by hand. A signed URL is fetched by a client that has no
// credential to give: storage must never see the profile's key, even when it shares the API's origin.
import {
  AssetsClient,
  HttpClient,
  nodeFetch,
  type Clock,
  type Connection,
  type RetryPolicy,
  type Surface,
} from '../api';
import { connectionForProfile } from '../profiles';
import type { ProfileService } from '../profiles';
import type { Resolution } from './signedUrlCache';

/** The clients that reach one profile's service and its storage. */
export interface ProfileClients {
  surface: Surface;
  /** Sends the profile's credential, to the profile's own origin only. */
  http: HttpClient;
  assets: AssetsClient;
  /** Never sends a credential: for signed storage URLs. */
  storage: HttpClient;
}

export interface LocatorOptions {
  profiles: ProfileService;
  clock: Clock;
  fetch?: typeof fetch;
  retryPolicy?: RetryPolicy;
  /** How long to trust a signed URL whose expiry the service did not state (a bare 302). */
  unstatedLifetimeMs?: number;
}

export class AssetLocator {
  private readonly unstatedLifetimeMs: number;

  constructor(private readonly options: LocatorOptions) {
    this.unstatedLifetimeMs = options.unstatedLifetimeMs ?? 60_000;
  }

  /**
   * The clients for one profile. `bulk` is for whole files written to disk (keeping): their bodies travel as
   * Node streams (nodeFetch.ts), not web streams, unless a test gave its own fetch.
   */
  async clients(profileId: string, options: { bulk?: boolean } = {}): Promise<ProfileClients> {
    const connection = await connectionForProfile(this.options.profiles, profileId);
    const anonymous: Connection = { ...connection, credential: () => Promise.resolve(null) };
    const bulk = options.bulk === true;
    const http = new HttpClient(this.clientOptions(connection, bulk));
    return {
      surface: connection.surface,
      http,
      assets: new AssetsClient(http),
      storage: new HttpClient(this.clientOptions(anonymous, bulk)),
    };
  }

  /** Where the bytes are now. On managed and serverless this costs one request to the service. */
  async resolve(clients: ProfileClients, assetId: string, signal?: AbortSignal): Promise<Resolution> {
    if (clients.surface === 'self-hosted') return { route: { kind: 'endpoint' }, facts: null };
    const options = signal === undefined ? {} : { signal };
    const asset = await clients.assets.get(assetId, options);
    const facts = { hash: asset.hash, contentType: asset.content_type, sizeBytes: asset.size_bytes };
    const expiresAtMs = asset.url_expires_at === null ? Number.NaN : Date.parse(asset.url_expires_at);
    if (Number.isFinite(expiresAtMs) && !this.isContentEndpoint(clients, asset.url, assetId)) {
      return {
        route: { kind: 'signed', url: asset.url, expiresAtMs, statedExpiresAt: asset.url_expires_at },
        facts,
      };
    }
    // No usable signed URL in the Asset: the content endpoint's redirect names a fresh one.
    const location = await clients.assets.resolveContentLocation(assetId, options);
    if (!location.signed) return { route: { kind: 'endpoint' }, facts };
    return {
      route: {
        kind: 'signed',
        url: location.url,
        expiresAtMs: this.options.clock.now() + this.unstatedLifetimeMs,
        statedExpiresAt: null,
      },
      facts,
    };
  }

  private isContentEndpoint(clients: ProfileClients, url: string, assetId: string): boolean {
    const endpoint = clients.http.urlFor('v2', `api/v2/assets/${encodeURIComponent(assetId)}/content`);
    return URL.parse(url)?.toString() === endpoint.toString();
  }

  private clientOptions(connection: Connection, bulk: boolean): ConstructorParameters<typeof HttpClient>[0] {
    const fetchImpl = this.options.fetch ?? (bulk ? nodeFetch : undefined);
    return {
      connection,
      clock: this.options.clock,
      ...(fetchImpl === undefined ? {} : { fetch: fetchImpl }),
      ...(this.options.retryPolicy === undefined ? {} : { retryPolicy: this.options.retryPolicy }),
    };
  }
}
