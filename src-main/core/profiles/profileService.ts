// Connection profiles: the saved ones, the built-ins, which one is active, and their credentials (kept by
// the CredentialVault, never in the store). The hosts bind the renderer's calls to `ProfileCommands`, the
// subset without `readCredential` and `resolveConnection`, so a credential has no road to the renderer.
import { randomUUID } from 'node:crypto';
import { isStoreError, type LoupeStore, type ProfileRow } from '../store';
import { seedBuiltInProfiles } from './builtIns';
import type {
  CredentialStorage,
  CredentialVault,
  SetCredentialOptions,
  VaultStatus,
} from './credentialVault';
import { ProfileError } from './errors';
import { ProfileChangeEmitter, type ProfileChange } from './profileEvents';
import {
  parseProfileInput,
  profileInputSchema,
  profilePatchSchema,
  type Profile,
  type ProfileInput,
  type ProfilePatch,
} from './profileSchemas';

/** Where the Demo server answers while it runs (the host starts it); its key is not a user secret. */
export interface DemoEndpoint {
  baseUrl: string;
  routerBaseUrl?: string;
  credential?: string;
}

export interface ProfileServiceDeps {
  store: LoupeStore;
  vault: CredentialVault;
  /** The running Demo server, or null when it is stopped. */
  demoEndpoint?: () => DemoEndpoint | null;
  newId?: () => string;
  /** Where a throwing change listener is reported (it must not undo a write that already committed). */
  onListenerError?: (error: unknown) => void;
}

/** Everything main needs to talk to a profile's service. Main only. */
export interface ProfileConnection {
  profile: Profile;
  baseUrl: string;
  routerBaseUrl?: string;
  credential: string | null;
}

export interface CredentialState {
  hasCredential: boolean;
  /** `session`: kept in memory until Loupe quits, because the keychain is unavailable. */
  storage: CredentialStorage | null;
  keychain: VaultStatus;
}

export type { ProfileChange };

export class ProfileService {
  private readonly store: LoupeStore;
  private readonly vault: CredentialVault;
  private readonly demoEndpoint: () => DemoEndpoint | null;
  private readonly newId: () => string;
  private readonly changes: ProfileChangeEmitter;

  constructor(deps: ProfileServiceDeps) {
    this.store = deps.store;
    this.vault = deps.vault;
    this.demoEndpoint = deps.demoEndpoint ?? (() => null);
    this.newId = deps.newId ?? randomUUID;
    this.changes = new ProfileChangeEmitter(
      deps.onListenerError ?? ((error) => console.error('profile change listener failed', error)),
    );
    seedBuiltInProfiles(this.store);
  }

  /** All readable profiles in display order (a damaged row is left out rather than failing the list). */
  async list(): Promise<Profile[]> {
    return Promise.all(this.store.profiles.list().rows.map((row) => this.toProfile(row)));
  }

  async get(id: string): Promise<Profile> {
    return this.toProfile(this.requireRow(id));
  }

  /** Case-insensitive lookup by name (the CLI's `--profile NAME`). */
  async findByName(name: string): Promise<Profile | null> {
    const row = this.store.profiles
      .list()
      .rows.find((r) => r.name.toLowerCase() === name.trim().toLowerCase());
    return row === undefined ? null : this.toProfile(row);
  }

  async create(input: ProfileInput): Promise<Profile> {
    const parsed = parseProfileInput(profileInputSchema, input);
    this.assertNameFree(parsed.name, null);
    const row = this.store.profiles.insert({
      id: this.newId(),
      name: parsed.name,
      surface: parsed.surface,
      baseUrl: parsed.baseUrl,
      routerBaseUrl: parsed.routerBaseUrl ?? null,
      builtIn: null,
    });
    this.changes.emit({ kind: 'created', profileId: row.id });
    return this.toProfile(row);
  }

  async update(id: string, patch: ProfilePatch): Promise<Profile> {
    const parsed = parseProfileInput(profilePatchSchema, patch);
    const current = this.requireRow(id);
    if (current.builtIn === 'demo' && (parsed.baseUrl !== undefined || parsed.routerBaseUrl !== undefined)) {
      throw new ProfileError('built_in_readonly', "The Demo server's address is chosen when it starts.", {
        baseUrl: ['The Demo server runs inside Loupe on a free local port.'],
      });
    }
    if (parsed.name !== undefined) this.assertNameFree(parsed.name, id);
    const row = this.store.profiles.update(id, parsed);
    this.changes.emit({ kind: 'updated', profileId: id });
    return this.toProfile(row);
  }

  /** Removes the profile, its credential and its local history. The Demo profile cannot be removed. */
  async remove(id: string): Promise<void> {
    const row = this.requireRow(id);
    if (row.builtIn === 'demo') {
      throw new ProfileError('built_in_readonly', 'The Demo profile is part of Loupe and cannot be removed.');
    }
    // The credential first: if the keychain refuses, the profile stays and the user can try again, rather
    // than a secret outliving the profile that named it.
    await this.vault.clearCredential(id);
    const wasActive = this.store.settings.activeProfileId() === id;
    this.store.transaction(() => {
      this.store.profiles.remove(id);
      if (wasActive) this.store.settings.setActiveProfileId(null);
    });
    this.changes.emit({ kind: 'removed', profileId: id });
    if (wasActive) this.changes.emit({ kind: 'active', profileId: null });
  }

  async setActive(id: string): Promise<Profile> {
    const row = this.requireRow(id);
    this.store.settings.setActiveProfileId(id);
    this.changes.emit({ kind: 'active', profileId: id });
    return this.toProfile(row);
  }

  /** The active profile id; null on first run (nothing chosen yet) or when the chosen one is gone. */
  activeId(): string | null {
    const id = this.store.settings.activeProfileId();
    return id !== null && this.readRow(id) !== null ? id : null;
  }

  async active(): Promise<Profile | null> {
    const id = this.activeId();
    return id === null ? null : this.get(id);
  }

  async setCredential(
    id: string,
    secret: string,
    options: SetCredentialOptions = {},
  ): Promise<CredentialStorage> {
    if (this.requireRow(id).builtIn === 'demo') {
      throw new ProfileError('built_in_readonly', 'The Demo server supplies its own key.');
    }
    const storage = await this.vault.setCredential(id, secret, options);
    this.changes.emit({ kind: 'credential', profileId: id });
    return storage;
  }

  async clearCredential(id: string): Promise<void> {
    this.requireRow(id);
    await this.vault.clearCredential(id);
    this.changes.emit({ kind: 'credential', profileId: id });
  }

  async hasCredential(id: string): Promise<boolean> {
    return (await this.get(id)).hasCredential;
  }

  async credentialState(id: string): Promise<CredentialState> {
    this.requireRow(id);
    const storage = await this.vault.storageOf(id);
    return { hasCredential: storage !== null, storage, keychain: await this.vault.probe() };
  }

  /** Main process only: the credential itself, for auth headers. Not part of ProfileCommands. */
  async readCredential(id: string): Promise<string | null> {
    if (this.requireRow(id).builtIn === 'demo') return this.demoEndpoint()?.credential ?? null;
    return this.vault.readCredential(id);
  }

  /** Main process only: the addresses and credential to reach a profile's service, Demo resolved. */
  async resolveConnection(id: string): Promise<ProfileConnection> {
    const row = this.requireRow(id);
    const profile = await this.toProfile(row);
    if (row.builtIn === 'demo') {
      const demo = this.demoEndpoint();
      if (demo === null) {
        throw new ProfileError(
          'demo_not_running',
          'The Demo server is not running; select the Demo profile to start it.',
        );
      }
      const routerBaseUrl = demo.routerBaseUrl ?? demo.baseUrl;
      return { profile, baseUrl: demo.baseUrl, routerBaseUrl, credential: demo.credential ?? null };
    }
    if (row.baseUrl === null) {
      throw new ProfileError('invalid_profile', `The profile ${row.name} has no address.`, {
        baseUrl: ['Enter the address.'],
      });
    }
    const connection: ProfileConnection = {
      profile,
      baseUrl: row.baseUrl,
      credential: await this.vault.readCredential(id),
    };
    if (row.routerBaseUrl !== null) connection.routerBaseUrl = row.routerBaseUrl;
    return connection;
  }

  /** Calls `listener` after every change; returns the function that stops it. */
  onChange(listener: (change: ProfileChange) => void): () => void {
    return this.changes.subscribe(listener);
  }

  private async toProfile(row: ProfileRow): Promise<Profile> {
    const demo = row.builtIn === 'demo' ? this.demoEndpoint() : null;
    const baseUrl = row.builtIn === 'demo' ? (demo?.baseUrl ?? null) : row.baseUrl;
    const profile: Profile = {
      id: row.id,
      name: row.name,
      surface: row.surface,
      baseUrl,
      hasCredential:
        row.builtIn === 'demo' ? demo?.credential !== undefined : await this.vault.hasCredential(row.id),
    };
    const routerBaseUrl = row.builtIn === 'demo' ? demo?.routerBaseUrl : (row.routerBaseUrl ?? undefined);
    if (routerBaseUrl !== undefined) profile.routerBaseUrl = routerBaseUrl;
    if (row.builtIn !== null) profile.builtIn = row.builtIn;
    return profile;
  }

  private readRow(id: string): ProfileRow | null {
    try {
      return this.store.profiles.get(id);
    } catch (error) {
      if (isStoreError(error, 'corrupt_row')) return null;
      throw error;
    }
  }

  private requireRow(id: string): ProfileRow {
    const row = this.store.profiles.get(id);
    if (row === null) throw new ProfileError('not_found', `There is no profile with id ${id}.`);
    return row;
  }

  private assertNameFree(name: string, exceptId: string | null): void {
    const taken = this.store.profiles
      .list()
      .rows.some((row) => row.id !== exceptId && row.name.toLowerCase() === name.toLowerCase());
    if (taken) {
      throw new ProfileError('invalid_profile', `A profile named ${name} already exists.`, {
        name: [`A profile named ${name} already exists; choose another name.`],
      });
    }
  }
}

/** The calls a renderer (through the contract) may make: everything except reading a credential back. */
export type ProfileCommands = Pick<
  ProfileService,
  | 'list'
  | 'get'
  | 'create'
  | 'update'
  | 'remove'
  | 'setActive'
  | 'active'
  | 'activeId'
  | 'setCredential'
  | 'clearCredential'
  | 'hasCredential'
  | 'credentialState'
  | 'onChange'
>;
