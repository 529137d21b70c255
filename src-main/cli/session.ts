// One command run's engine: core, built by the same composition root as the app's two shells (a headless
// createCore), opened only as far as the command needs. `assets hash` opens nothing; every other command
// opens core on the data directory, works on one profile, and closes it. Which profile: --profile NAME,
// else LOUPE_BASE_URL (a profile of its own, in a store of its own, its key held in memory only), else the
// active profile. The CLI pins that profile in its own process: the app's saved choice is never changed.
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { AssetsClient, HttpClient, type Connection } from '../core/api';
import { createCore, type LoupeCore } from '../core/app/createCore';
import { defaultDataDir } from '../core/app/dataDir';
import { describeApp } from '../core/app/version';
import type { JobsService } from '../core/jobs';
import type { BatchRunner } from '../core/outbox';
import {
  connectionForProfile,
  processKeychain,
  systemKeychain,
  type KeychainBackend,
  type Profile,
  type ProfileService,
} from '../core/profiles';
import { storeFilesIn, type StoreFiles } from '../core/store/health';
import type { JobWatcher } from '../core/watch';
import type { GlobalArgs } from './args';
import { readEnv, type CliEnv } from './env';
import { UsageError } from './errors';
import type { CliDeps, CliIo } from './io';
import { visible } from './terminalText';

/** The name the environment's connection goes by, in messages and in its own store. */
export const ENV_PROFILE_NAME = 'LOUPE_BASE_URL';

export interface Target {
  connection: Connection;
  /** For messages: the profile name, or "LOUPE_BASE_URL". */
  label: string;
  profile: Profile;
}

/** What a command works with: core pinned to one profile, and that profile's services. */
export interface Engine {
  core: LoupeCore;
  target: Target;
  /** The profile's jobs: submissions through the outbox, reads through the watcher, the merged list. */
  jobs: JobsService;
  watcher: JobWatcher;
  /** The profile's planned batches, sent a window at a time. */
  batches: BatchRunner;
  /** A plain API client, for the reads no core service owns yet (asset metadata). The Router is core.router. */
  assets: AssetsClient;
}

export class Session {
  private readonly cores = new Map<string, Promise<LoupeCore>>();
  private enginePromise: Promise<Engine> | null = null;

  constructor(
    private readonly io: CliIo,
    private readonly deps: CliDeps,
    private readonly globals: GlobalArgs,
  ) {}

  get dataDir(): string {
    const chosen = this.globals.dataDir;
    return chosen === undefined ? defaultDataDir({ ...this.io.env }) : resolve(this.io.cwd, chosen);
  }

  /**
   * The store a command would work on, chosen as for every command: the environment's own store when
   * LOUPE_BASE_URL chooses the connection, else the saved one (`loupe store …` acts on the same file the
   * failing command opened).
   */
  storeFiles(): StoreFiles {
    const env = readEnv(this.io.env);
    const fromEnvironment = this.globals.profile === undefined && env.LOUPE_BASE_URL !== undefined;
    return storeFilesIn(fromEnvironment ? this.environmentDir(env, env.LOUPE_BASE_URL ?? '') : this.dataDir);
  }

  /** The saved profiles (core on the data directory). */
  async profiles(): Promise<ProfileService> {
    return (await this.savedCore()).profiles;
  }

  /** A saved profile by name (case-insensitive) or id. */
  async findProfile(nameOrId: string): Promise<Profile> {
    const profiles = await this.profiles();
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

  /** The profile the connection options choose, without pinning it (`profiles test` reads it). */
  async target(): Promise<Target> {
    return (await this.chosen()).target;
  }

  async profileTarget(profile: Profile): Promise<Target> {
    const core = await this.savedCore();
    return {
      profile,
      label: profile.name,
      connection: await connectionForProfile(core.profiles, profile.id),
    };
  }

  /** Core, pinned to the chosen profile, with that profile's services built. Once per run. */
  engine(): Promise<Engine> {
    this.enginePromise ??= this.openEngine();
    return this.enginePromise;
  }

  async close(): Promise<void> {
    const cores = [...this.cores.values()];
    this.cores.clear();
    for (const core of cores) await (await core.catch(() => null))?.close();
  }

  private async openEngine(): Promise<Engine> {
    const { core, target } = await this.chosen();
    core.profiles.pinActive(target.profile.id);
    const runtime = await core.jobs.runtime(target.profile.id);
    const http = new HttpClient({
      connection: target.connection,
      ...(this.deps.fetch === undefined ? {} : { fetch: this.deps.fetch }),
    });
    return {
      core,
      target,
      jobs: runtime.service,
      watcher: runtime.watcher,
      batches: runtime.batches,
      assets: new AssetsClient(http),
    };
  }

  private async chosen(): Promise<{ core: LoupeCore; target: Target }> {
    const env = readEnv(this.io.env);
    if (this.globals.profile !== undefined) {
      const profile = await this.findProfile(this.globals.profile);
      return { core: await this.savedCore(), target: await this.profileTarget(profile) };
    }
    if (env.LOUPE_BASE_URL !== undefined) return this.environmentTarget(env, env.LOUPE_BASE_URL);
    if (env.LOUPE_API_KEY !== undefined) {
      throw new UsageError(
        'LOUPE_API_KEY is set but LOUPE_BASE_URL is not, so Loupe does not know where to send it.',
        'Set LOUPE_BASE_URL (and LOUPE_SURFACE), or unset LOUPE_API_KEY and pass --profile NAME.',
        'invalid_environment',
      );
    }
    const core = await this.savedCore();
    const active = await core.profiles.active();
    if (active === null) {
      throw new UsageError(
        'No service chosen: there is no active profile.',
        'Pass --profile NAME, run `loupe profiles use NAME`, or set LOUPE_BASE_URL (and LOUPE_SURFACE, LOUPE_API_KEY).',
        'no_profile',
      );
    }
    return { core, target: await this.profileTarget(active) };
  }

  /**
   * The environment's connection as a profile of its own, in a store of its own under the data directory
   * (one per address), so its submissions are written before they are sent and its history is kept from
   * run to run, without adding a profile to the app's list. Its key lives in this process only.
   */
  private async environmentTarget(
    env: CliEnv,
    baseUrl: string,
  ): Promise<{ core: LoupeCore; target: Target }> {
    const surface = env.LOUPE_SURFACE ?? 'self-hosted';
    const routerBaseUrl = env.LOUPE_ROUTER_URL;
    const core = await this.openCore(this.environmentDir(env, baseUrl), processKeychain());
    const fields = { surface, baseUrl, ...(routerBaseUrl === undefined ? {} : { routerBaseUrl }) };
    const existing = await core.profiles.findByName(ENV_PROFILE_NAME);
    const profile =
      existing === null
        ? await core.profiles.create({ name: ENV_PROFILE_NAME, ...fields })
        : (await core.profiles.update(existing.id, fields)).profile;
    if (env.LOUPE_API_KEY !== undefined)
      await core.profiles.setCredential(profile.id, env.LOUPE_API_KEY, { allowSessionOnly: true });
    const connection = await connectionForProfile(core.profiles, profile.id);
    return { core, target: { profile, label: ENV_PROFILE_NAME, connection } };
  }

  /** The environment's store folder: one per address (surface, base URL and Router URL). */
  private environmentDir(env: CliEnv, baseUrl: string): string {
    const surface = env.LOUPE_SURFACE ?? 'self-hosted';
    const where = createHash('sha256')
      .update(JSON.stringify([surface, baseUrl, env.LOUPE_ROUTER_URL ?? null]))
      .digest('hex')
      .slice(0, 16);
    return join(this.dataDir, 'environments', where);
  }

  private savedCore(): Promise<LoupeCore> {
    return this.openCore(this.dataDir, this.deps.keychain?.() ?? systemKeychain());
  }

  private openCore(dataDir: string, keychain: KeychainBackend): Promise<LoupeCore> {
    let core = this.cores.get(dataDir);
    if (core === undefined) {
      core = createCore({
        dataDir,
        keychain,
        headless: true,
        // Never served: the CLI has no page. It only picks the asset route prefix, which nobody reads here.
        appInfo: describeApp('browser'),
        openExternal: null,
        demo: null,
        ...(this.deps.fetch === undefined ? {} : { fetch: this.deps.fetch }),
        ...(this.deps.watch === undefined ? {} : { watch: this.deps.watch }),
        logError:
          this.deps.logError ??
          ((message, error) =>
            this.io.stderr.write(
              `loupe: ${message}: ${visible(error instanceof Error ? error.message : String(error))}\n`,
            )),
      });
      this.cores.set(dataDir, core);
    }
    return core;
  }
}
