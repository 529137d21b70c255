// Where kept bytes live: <dataDir>/library/<first 2 hex>/<blake3 hex>.<ext>, one file per hash however many
// entries share it, with <hex>.json beside it (the workflow and the entries' metadata). Names are made from
// the hash and a fixed table of extensions only, so nothing a service says ever shapes a path.
import { join } from 'node:path';

const hashPattern = /^blake3:([0-9a-f]{64})$/;

/** The hex digest of a `blake3:<hex>` hash, or null for anything else. */
export function hexOf(hash: string | null): string | null {
  return hash === null ? null : (hashPattern.exec(hash)?.[1] ?? null);
}

const extensions: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/tiff': 'tif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/flac': 'flac',
  'audio/ogg': 'ogg',
  'text/plain': 'txt',
  'application/json': 'json',
  'model/gltf-binary': 'glb',
};

/** The file extension for a content type (parameters ignored); `bin` when it is not one Loupe names. */
export function extensionOf(contentType: string): string {
  const bare = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return extensions[bare] ?? 'bin';
}

export class LibraryFolder {
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(readonly root: string) {}

  /** Runs `work` after any earlier work on the same hash's files (two entries' sidecar updates never race). */
  serial<T>(hex: string, work: () => Promise<T>): Promise<T> {
    const before = this.chains.get(hex) ?? Promise.resolve();
    const run = before.then(work, work);
    // Never rejects, and forgets the hash once nothing more waits on it (the map stays as small as the work).
    const settled: Promise<void> = run.then(
      () => this.forget(hex, settled),
      () => this.forget(hex, settled),
    );
    this.chains.set(hex, settled);
    return run;
  }

  private forget(hex: string, chain: Promise<unknown>): void {
    if (this.chains.get(hex) === chain) this.chains.delete(hex);
  }

  /** The folder a hash's files live in. */
  dirOf(hex: string): string {
    return join(this.root, hex.slice(0, 2));
  }

  fileOf(hex: string, contentType: string): string {
    return join(this.dirOf(hex), `${hex}.${extensionOf(contentType)}`);
  }

  sidecarOf(hex: string): string {
    return join(this.dirOf(hex), `${hex}.json`);
  }

  /** Downloads land here first (same file system as their final place, so the rename is atomic). */
  get incoming(): string {
    return join(this.root, 'incoming');
  }
}
