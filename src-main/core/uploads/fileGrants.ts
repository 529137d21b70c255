// Grants: the only way a local path reaches the uploader from a window (ARCHITECTURE rule 10). A user action
// mints them (main's own open dialog, or a real drop seen by the Electron preload); the window holds only an
// opaque token, which names nothing, works once, for the window that minted it, and not for long. A
// compromised page therefore has no primitive that names a file: it can only redeem what the user chose.
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import type { FileGrant } from '../../../src-shared/contract';
import { UploadError } from './uploadErrors';

/** Who minted a grant: the window (Electron's WebContents) or, with no window, null. */
export type GrantOwner = object | null;

export interface FileGrantsOptions {
  /** How long a grant stays good (default 10 minutes: a drop or a pick is followed by its upload at once). */
  ttlMs?: number;
  /** Grants kept at once; the oldest go first beyond this (default 10,000). */
  maxOutstanding?: number;
  now?: () => number;
}

interface Minted {
  path: string;
  owner: GrantOwner;
  expiresAt: number;
}

const invalidGrant = (): UploadError =>
  new UploadError(
    'invalid_grant',
    'Loupe may read only files you chose just now. Drop the files again, or pick them with "Upload files…".',
  );

export class FileGrants {
  private readonly minted = new Map<string, Minted>();
  private readonly ttlMs: number;
  private readonly maxOutstanding: number;
  private readonly now: () => number;

  constructor(options: FileGrantsOptions = {}) {
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    this.maxOutstanding = options.maxOutstanding ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** One grant per path the user chose; a path that is not there (any more) is refused with its name. */
  async mintAll(paths: readonly string[], owner: GrantOwner): Promise<FileGrant[]> {
    const kinds = await Promise.all(paths.map((path) => kindOf(path)));
    return paths.map((path, index) => this.mint(path, kinds[index] ?? 'file', owner));
  }

  /**
   * The paths behind the grants, in order; each grant is used up. All or nothing: one unknown, spent,
   * expired or foreign grant refuses the call and uses up none of the others.
   */
  redeem(grants: readonly string[], owner: GrantOwner): string[] {
    this.dropExpired();
    const found = grants.map((grant) => this.minted.get(grant));
    if (new Set(grants).size !== grants.length) throw invalidGrant();
    const paths: string[] = [];
    for (const entry of found) {
      if (entry === undefined || entry.owner !== owner) throw invalidGrant();
      paths.push(entry.path);
    }
    for (const grant of grants) this.minted.delete(grant);
    return paths;
  }

  /** Grants not yet redeemed or expired (for tests and the hostile-caller suite). */
  get outstanding(): number {
    this.dropExpired();
    return this.minted.size;
  }

  private mint(path: string, kind: FileGrant['kind'], owner: GrantOwner): FileGrant {
    this.dropExpired();
    while (this.minted.size >= this.maxOutstanding) {
      const oldest = this.minted.keys().next().value;
      if (oldest === undefined) break;
      this.minted.delete(oldest);
    }
    const grant = randomBytes(32).toString('base64url');
    this.minted.set(grant, { path, owner, expiresAt: this.now() + this.ttlMs });
    return { grant, name: basename(path) || path, kind };
  }

  private dropExpired(): void {
    const now = this.now();
    // Insertion order is expiry order (one ttl for all), so the first live one ends the sweep.
    for (const [grant, entry] of this.minted) {
      if (entry.expiresAt > now) break;
      this.minted.delete(grant);
    }
  }
}

async function kindOf(path: string): Promise<FileGrant['kind']> {
  if (!isAbsolute(path)) {
    throw new UploadError('invalid_path', 'Only absolute file paths can be uploaded.', {
      name: basename(path),
    });
  }
  const info = await stat(path).catch(() => null);
  if (info === null) {
    throw new UploadError('path_not_found', 'A chosen file or folder no longer exists.', {
      name: basename(path),
    });
  }
  return info.isDirectory() ? 'folder' : 'file';
}
