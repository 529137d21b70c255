// One command run's connection to Loupe's data and to a service, opened only as far as the command needs:
// `assets hash` opens nothing, an env connection (LOUPE_BASE_URL) needs no data directory, and a saved
// profile opens the store and the keychain. Which service: --profile NAME, else LOUPE_BASE_URL, else the
// active profile.
import { join, resolve } from 'node:path';
import {
  AssetsClient,
  HttpClient,
  JobsClient,
  RouterClient,
  V1Client,
  bindCredential,
  type Connection,
} from '../core/api';
import { DATABASE_FILE } from '../core/app/createCore';
import { defaultDataDir } from '../core/app/dataDir';
import { connectionForProfile } from '../core/profiles';
import { CredentialVault, ProfileService, systemKeychain, type Profile } from '../core/profiles';
import { openStore, type LoupeStore } from '../core/store';
import type { GlobalArgs } from './args';
import { readEnv } from './env';
import { CliError, UsageError } from './errors';
import type { CliDeps, CliIo } from './io';

export interface Target {
  connection: Connection;
  /** For messages: the profile name, or "LOUPE_BASE_URL". */
  label: string;
  /** The saved profile, when the connection came from one (its local history lives under its id). */
  profile: Profile | null;
}

export interface Clients {
  target: Target;
  http: HttpClient;
  jobs: JobsClient;
  assets: AssetsClient;
  v1: V1Client;
  router: RouterClient;
}

interface ProfileStore {
  store: LoupeStore;
  profiles: ProfileService;
}

export class Session {
  private opened: ProfileStore | null = null;
  private clientsPromise: Promise<Clients> | null = null;

  constructor(
    private readonly io: CliIo,
    private readonly deps: CliDeps,
    private readonly globals: GlobalArgs,
  ) {}

  get dataDir(): string {
    const chosen = this.globals.dataDir;
    return chosen === undefined ? defaultDataDir({ ...this.io.env }) : resolve(this.io.cwd, chosen);
  }

  /** The store and profile service, opened on first use. */
  profiles(): ProfileService {
    return this.openStore().profiles;
  }

  store(): LoupeStore {
    return this.openStore().store;
  }

  /** A saved profile by name (case-insensitive) or id. */
  async findProfile(nameOrId: string): Promise<Profile> {
    const profiles = this.profiles();
    const byName = await profiles.findByName(nameOrId);
    if (byName !== null) return byName;
    const byId = (await profiles.list()).find((profile) => profile.id === nameOrId);
    if (byId !== undefined) return byId;
    throw new UsageError(
      `There is no profile named ${nameOrId}.`,
      '`loupe profiles list` shows the saved profiles; `loupe profiles add` saves a new one.',
      'profile_not_found',
    );
  }

  async target(): Promise<Target> {
    const env = readEnv(this.io.env);
    if (this.globals.profile !== undefined)
      return this.profileTarget(await this.findProfile(this.globals.profile));
    if (env.LOUPE_BASE_URL !== undefined) {
      const apiKey = env.LOUPE_API_KEY ?? null;
      const baseUrl = env.LOUPE_BASE_URL;
      return {
        label: 'LOUPE_BASE_URL',
        profile: null,
        connection: {
          surface: env.LOUPE_SURFACE ?? 'self-hosted',
          baseUrl: env.LOUPE_BASE_URL,
          ...(env.LOUPE_ROUTER_URL === undefined ? {} : { routerBaseUrl: env.LOUPE_ROUTER_URL }),
          // The key is for the addresses it came with, exactly as a saved profile's key is.
          credential: () => Promise.resolve(bindCredential(apiKey, baseUrl, env.LOUPE_ROUTER_URL ?? null)),
        },
      };
    }
    if (env.LOUPE_API_KEY !== undefined) {
      throw new UsageError(
        'LOUPE_API_KEY is set but LOUPE_BASE_URL is not, so Loupe does not know where to send it.',
        'Set LOUPE_BASE_URL (and LOUPE_SURFACE), or unset LOUPE_API_KEY and pass --profile NAME.',
        'invalid_environment',
      );
    }
    const active = await this.profiles().active();
    if (active === null) {
      throw new UsageError(
        'No service chosen: there is no active profile.',
        'Pass --profile NAME, run `loupe profiles use NAME`, or set LOUPE_BASE_URL (and LOUPE_SURFACE, LOUPE_API_KEY).',
        'no_profile',
      );
    }
    return this.profileTarget(active);
  }

  async profileTarget(profile: Profile): Promise<Target> {
    const connection = await connectionForProfile(this.profiles(), profile.id);
    return { connection, label: profile.name, profile };
  }

  /** The API clients for the chosen service, built once per run. */
  clients(): Promise<Clients> {
    this.clientsPromise ??= this.target().then((target) => this.clientsFor(target));
    return this.clientsPromise;
  }

  clientsFor(target: Target): Clients {
    const http = new HttpClient({
      connection: target.connection,
      ...(this.deps.fetch === undefined ? {} : { fetch: this.deps.fetch }),
    });
    return {
      target,
      http,
      jobs: new JobsClient(http),
      assets: new AssetsClient(http),
      v1: new V1Client(http),
      router: new RouterClient(http),
    };
  }

  close(): void {
    this.opened?.store.close();
    this.opened = null;
  }

  private openStore(): ProfileStore {
    if (this.opened !== null) return this.opened;
    const store = openStore(join(this.dataDir, DATABASE_FILE));
    try {
      const keychain = this.deps.keychain?.() ?? systemKeychain();
      const profiles = new ProfileService({ store, vault: new CredentialVault(keychain) });
      this.opened = { store, profiles };
      return this.opened;
    } catch (error) {
      store.close();
      throw error instanceof Error
        ? error
        : new CliError('store_failed', 'The local data could not be opened.');
    }
  }
}
