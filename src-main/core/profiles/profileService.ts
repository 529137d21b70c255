// Connection profiles: the saved ones, the built-ins, which one is active, and their credentials (kept by
// the CredentialVault, never in the store). The hosts bind the renderer's calls to `ProfileCommands`, the
// subset without `readCredential` and `resolveConnection`, so a credential has no road to the renderer.
import { randomUUID } from 'node:crypto';
import { credentialOriginsFor, type BoundCredential } from '../api';
import { isStoreError, type LoupeStore, type ProfileRow } from '../store';
import { seedBuiltInProfiles } from './builtIns';
import type {
  CredentialStorage,
  CredentialVault,
  SetCredentialOptions,
  StoredCredential,
  VaultStatus,
} from './credentialVault';
import { CredentialError, ProfileError } from './errors';
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
  credential: BoundCredential | null;
}

/** A new secret that travels with an update, so an address and its key change in one step. */
export interface CredentialChange {
  secret: string;
  allowSessionOnly?: boolean;
}

export interface ProfileUpdate {
  profile: Profile;
  /**
   * The saved key was removed because the update sent the profile to an origin the key was not given for
   * (ARCHITECTURE rule 10): the user enters it again for the new address.
   */
  credentialDropped: boolean;
}

/** The origins a profile's key may go to: its base URL's and its Router's (none without an address). */
function originsOf(row: Pick<ProfileRow, 'baseUrl' | 'routerBaseUrl'>): string[] {
  return row.baseUrl === null ? [] : credentialOriginsFor(row.baseUrl, row.routerBaseUrl);
}

/**
 * Whether the keychain may hold a key for the profile, when it cannot be asked: the row's note, or for a row
 * from before the note, its surface (a managed or serverless service always wants a key, a self-hosted proxy
 * often none).
 */
function mayHoldKey(row: Pick<ProfileRow, 'credentialSaved' | 'surface'>): boolean {
  return row.credentialSaved ?? row.surface !== 'self-hosted';
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
  /** A headless host's profile for this process only (pinActive); the saved choice stays untouched. */
  private pinnedId: string | null = null;

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
      sendPartnerKey: parsed.sendPartnerKey ?? false,
    });
    this.changes.emit({ kind: 'created', profileId: row.id });
    return this.toProfile(row);
  }

  /**
   * Changes a profile. A key belongs to the origins it was given for: when the update adds an origin the key
   * would now be sent to, the key goes, unless `credential` brings a new one for the new address. A Router
   * address removed narrows the key to the origins that remain.
   */
  async update(id: string, patch: ProfilePatch, credential?: CredentialChange): Promise<ProfileUpdate> {
    const parsed = parseProfileInput(profilePatchSchema, patch);
    const current = this.requireRow(id);
    if (current.builtIn === 'demo') {
      if (parsed.baseUrl !== undefined || parsed.routerBaseUrl !== undefined) {
        throw new ProfileError('built_in_readonly', "The Demo server's address is chosen when it starts.", {
          baseUrl: ['The Demo server runs inside Loupe on a free local port.'],
        });
      }
      if (credential !== undefined) {
        throw new ProfileError('built_in_readonly', 'The Demo server supplies its own key.');
      }
    }
    if (parsed.name !== undefined) this.assertNameFree(parsed.name, id);
    const before = originsOf(current);
    const after = originsOf({
      baseUrl: parsed.baseUrl ?? current.baseUrl,
      routerBaseUrl: parsed.routerBaseUrl === undefined ? current.routerBaseUrl : parsed.routerBaseUrl,
    });
    const widened = after.some((origin) => !before.includes(origin));
    const narrowed = !widened && before.some((origin) => !after.includes(origin));
    // The key is settled before the row changes: if the keychain refuses, nothing has changed, and at no
    // moment does the row name an origin that a kept key was not given for.
    let credentialDropped = false;
    if (credential !== undefined) {
      await this.saveCredential(id, credential.secret, after, {
        allowSessionOnly: credential.allowSessionOnly ?? false,
      });
    } else if (widened) {
      credentialDropped = await this.vault.hasCredential(id);
      await this.forgetCredential(id);
    } else if (narrowed) {
      await this.vault.rebind(id, after);
    }
    const row = this.store.profiles.update(id, parsed);
    this.changes.emit({ kind: 'updated', profileId: id });
    if (credential !== undefined || credentialDropped)
      this.changes.emit({ kind: 'credential', profileId: id });
    return { profile: await this.toProfile(row), credentialDropped };
  }

  /** Removes the profile, its credential and its local history. The Demo profile cannot be removed. */
  async remove(id: string): Promise<void> {
    const row = this.requireRow(id);
    if (row.builtIn === 'demo') {
      throw new ProfileError('built_in_readonly', 'The Demo profile is part of Loupe and cannot be removed.');
    }
    // The credential first: if the keychain refuses, the profile stays and the user can try again, rather
    // than a secret outliving the profile that named it.
    await this.forgetCredential(id);
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

  /**
   * Makes `id` the active profile of this process alone, without saving it: the CLI's `--profile NAME`
   * works on that profile through the same services as the app, while the app's own choice stays as it is.
   */
  pinActive(id: string): void {
    this.requireRow(id);
    this.pinnedId = id;
    this.changes.emit({ kind: 'active', profileId: id });
  }

  /** Whether a profile with this id exists (a damaged row counts as missing). */
  exists(id: string): boolean {
    return this.readRow(id) !== null;
  }

  /** The active profile id; null on first run (nothing chosen yet) or when the chosen one is gone. */
  activeId(): string | null {
    const id = this.pinnedId ?? this.store.settings.activeProfileId();
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
    const row = this.requireRow(id);
    if (row.builtIn === 'demo') {
      throw new ProfileError('built_in_readonly', 'The Demo server supplies its own key.');
    }
    // Bound to where the profile points now; an address changed later does not take the key along.
    const storage = await this.saveCredential(id, secret, originsOf(row), options);
    this.changes.emit({ kind: 'credential', profileId: id });
    return storage;
  }

  async clearCredential(id: string): Promise<void> {
    this.requireRow(id);
    await this.forgetCredential(id);
    this.changes.emit({ kind: 'credential', profileId: id });
  }

  /**
   * Through the vault, noting in the row that the keychain holds a key (a session copy changes nothing). The
   * note is written first, and must be: a key in the keychain the row does not know of would be taken, once
   * the keychain is locked, for no key, and the profile's requests sent without it. A store that refuses the
   * note (a full disk) refuses the save, with nothing changed. Put back when the keychain refuses; if even that
   * write fails, the note errs on the safe side (a locked keychain holds the profile's requests back) and the
   * next read of the keychain puts it right.
   */
  private async saveCredential(
    id: string,
    secret: string,
    origins: readonly string[],
    options: SetCredentialOptions,
  ): Promise<CredentialStorage> {
    const before = this.requireRow(id).credentialSaved;
    this.store.profiles.setCredentialSaved(id, true);
    let storage: CredentialStorage;
    try {
      storage = await this.vault.setCredential(id, secret, origins, options);
    } catch (error) {
      // Refused (the keychain locked, no consent to a session copy): nothing was saved, as the row said before.
      this.noteCredentialSaved(id, before);
      throw error;
    }
    if (storage !== 'keychain') this.noteCredentialSaved(id, before);
    return storage;
  }

  /**
   * Through the vault; the row says "none" only once the keychain's entry is gone. A locked keychain that may
   * hold the key refuses first, so a key never outlives its profile or comes back after the unlock (the vault
   * alone would drop only a session copy and carry on).
   */
  private async forgetCredential(id: string): Promise<void> {
    const status = await this.vault.probe();
    if (!status.available && mayHoldKey(this.requireRow(id))) {
      throw new CredentialError(
        'keychain_unavailable',
        "Loupe could not remove this profile's key: the system keychain is locked or not running. Unlock or " +
          'start it and try again; nothing was changed.',
        { reason: status.reason },
      );
    }
    await this.vault.clearCredential(id);
    if (status.available) this.noteCredentialSaved(id, false);
  }

  /**
   * Best effort, where a note left as it was errs on the safe side (it says a key may be there): the note only
   * decides what a locked keychain means later, and a store that cannot take it must not fail the key's change
   * that already happened.
   */
  private noteCredentialSaved(id: string, saved: boolean | null): void {
    try {
      this.store.profiles.setCredentialSaved(id, saved);
    } catch (error) {
      if (!isStoreError(error)) throw error;
    }
  }

  async hasCredential(id: string): Promise<boolean> {
    return (await this.get(id)).hasCredential;
  }

  async credentialState(id: string): Promise<CredentialState> {
    this.requireRow(id);
    const storage = await this.vault.storageOf(id);
    return { hasCredential: storage !== null, storage, keychain: await this.vault.probe() };
  }

  /**
   * Main process only: the credential and the origins it was given for, for auth headers. Not part of
   * ProfileCommands.
   */
  async readCredential(id: string): Promise<BoundCredential | null> {
    const row = this.requireRow(id);
    if (row.builtIn === 'demo') {
      const demo = this.demoEndpoint();
      if (demo?.credential === undefined) return null;
      return { secret: demo.credential, origins: credentialOriginsFor(demo.baseUrl, demo.routerBaseUrl) };
    }
    const stored = await this.readSaved(row);
    if (stored === null) return null;
    if (stored.origins !== null) return { secret: stored.secret, origins: stored.origins };
    // Saved by a Loupe that kept no origins: it was given for the address the profile has had since (any
    // address change since this version drops it), so it is bound to that address now, once.
    const origins = originsOf(row);
    await this.vault.rebind(id, origins);
    return { secret: stored.secret, origins };
  }

  /**
   * The keychain's entry for the profile. A keychain that cannot be read is "no key" only for a profile known to
   * have none there (or, not known, one on a self-hosted proxy, which often needs none); for any other it throws,
   * so its requests wait for the keychain rather than go without the key.
   */
  private async readSaved(row: ProfileRow): Promise<StoredCredential | null> {
    try {
      const stored = await this.vault.readCredential(row.id);
      const inKeychain = stored !== null && !this.vault.isSessionOnly(row.id);
      // Learned from the keychain itself (a row from before the note, a key saved by another Loupe).
      if (stored === null || inKeychain) {
        if (row.credentialSaved !== inKeychain) this.noteCredentialSaved(row.id, inKeychain);
      }
      return stored;
    } catch (error) {
      const unreadable = error instanceof CredentialError && error.code === 'keychain_unavailable';
      if (unreadable && !mayHoldKey(row)) return null;
      throw error;
    }
  }

  /**
   * Main process only: whether the user chose to send the profile's key with partner-node workflows, read
   * afresh at each submission so a choice changed a moment ago (here or by the CLI) applies to the next one.
   */
  sendsPartnerKey(id: string): boolean {
    return this.requireRow(id).sendPartnerKey;
  }

  /** Main process only: the addresses and credential to reach a profile's service, Demo resolved. */
  async resolveConnection(id: string): Promise<ProfileConnection> {
    const addresses = await this.resolveAddresses(id);
    return { ...addresses, credential: await this.readCredential(id) };
  }

  /**
   * The addresses to reach a profile's service, Demo resolved, without reading its key (a connection reads it
   * at each request, so a locked keychain stops the requests, not the building of the connection).
   */
  async resolveAddresses(id: string): Promise<Omit<ProfileConnection, 'credential'>> {
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
      return { profile, baseUrl: demo.baseUrl, routerBaseUrl: demo.routerBaseUrl ?? demo.baseUrl };
    }
    if (row.baseUrl === null) {
      throw new ProfileError('invalid_profile', `The profile ${row.name} has no address.`, {
        baseUrl: ['Enter the address.'],
      });
    }
    return {
      profile,
      baseUrl: row.baseUrl,
      ...(row.routerBaseUrl === null ? {} : { routerBaseUrl: row.routerBaseUrl }),
    };
  }

  /** Calls `listener` after every change; returns the function that stops it. */
  onChange(listener: (change: ProfileChange) => void): () => void {
    return this.changes.subscribe(listener);
  }

  /** A key saved in a keychain that is locked now is still the profile's key (not "none, add one"). */
  private async hasKey(row: ProfileRow): Promise<boolean> {
    if (await this.vault.hasCredential(row.id)) return true;
    return row.credentialSaved === true && !(await this.vault.probe()).available;
  }

  private async toProfile(row: ProfileRow): Promise<Profile> {
    const demo = row.builtIn === 'demo' ? this.demoEndpoint() : null;
    const baseUrl = row.builtIn === 'demo' ? (demo?.baseUrl ?? null) : row.baseUrl;
    const profile: Profile = {
      id: row.id,
      name: row.name,
      surface: row.surface,
      baseUrl,
      hasCredential: row.builtIn === 'demo' ? demo?.credential !== undefined : await this.hasKey(row),
      sendPartnerKey: row.sendPartnerKey,
    };
    // The Demo server serves the Router on its own address when it names no other (as resolveConnection does),
    // so a newcomer on the Demo sees the catalogue.
    const routerBaseUrl =
      row.builtIn === 'demo' ? (demo?.routerBaseUrl ?? demo?.baseUrl) : (row.routerBaseUrl ?? undefined);
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
