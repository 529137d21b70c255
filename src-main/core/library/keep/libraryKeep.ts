// The library's keeping, as one service: the queue, the rules per profile, the budget, unkeep, the status,
// and the hooks the rest of the library calls (onRated from the rate handler, onIndexed from the indexer,
// onChange for the library.changes stream). The CLI's `loupe library keep` calls keep and settled too.
import { open, readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { KeepRule, LibraryKeepStatus } from '../../../../src-shared/contracts/library';
import { PART_FILE } from '../../content/checkedDownload';
import type { CachedFile } from '../../content/diskCache';
import type { KeepMatchFilter } from '../../store/libraryKeepTable';
import type { Supervisor } from '../../supervision';
import type { KeepCopyDeps } from './keepCopy';
import { KeepQueue, type KeepChangeListener } from './keepQueue';
import { KeepSettings } from './keepSettings';
import { SidecarMirror } from './sidecarMirror';
import { hexOf, LibraryFolder } from './libraryFolder';

/** "Expiring soon": the service's copy goes within this long. */
export const EXPIRING_SOON_MS = 3 * 24 * 60 * 60 * 1000;
/** The most entries one rule change or keepMatching queues at once (the library is 100,000). */
export const KEEP_MATCH_MAX = 200_000;

export interface LibraryKeepOptions extends Omit<KeepCopyDeps, 'folder'> {
  dataDir: string;
  supervisor: Supervisor;
  concurrency?: number;
  now?: () => Date;
}

export type KeepMatching = Omit<KeepMatchFilter, 'now' | 'expiringBefore'> & { expiringSoon?: boolean };

export class LibraryKeep {
  readonly folder: LibraryFolder;
  readonly settings: KeepSettings;
  readonly queue: KeepQueue;
  readonly sidecars: SidecarMirror;
  private readonly now: () => Date;
  /** When this run began: a temporary download older than this was left by an earlier run. */
  private readonly startedAtMs = Date.now();

  constructor(private readonly options: LibraryKeepOptions) {
    this.folder = new LibraryFolder(join(options.dataDir, 'library'));
    this.settings = new KeepSettings(options.store);
    this.now = options.now ?? (() => new Date());
    this.queue = new KeepQueue({
      ...options,
      folder: this.folder,
      budget: () => this.settings.budget(),
    });
    this.sidecars = new SidecarMirror({
      store: options.store,
      folder: this.folder,
      supervisor: options.supervisor,
      busy: () => this.queue.isBusy(),
      quiet: () => this.queue.idle(),
    });
    this.queue.onChange((kind) => {
      if (kind === 'kept') this.sidecars.poke();
    });
  }

  /** Subscribes to keep changes: `kept` when entries' bytes are kept, `updated` when states change. */
  onChange(listener: KeepChangeListener): () => void {
    return this.queue.onChange(listener);
  }

  /** Queues the entries for keeping (kept ones stay as they are); how many were queued. */
  keep(entryIds: readonly number[]): number {
    return this.queue.enqueue(entryIds);
  }

  /** Queues every entry the simple filter matches (at most KEEP_MATCH_MAX). */
  keepMatching(filter: KeepMatching): number {
    const now = this.now();
    const ids = this.options.store.libraryKeep.matching(
      {
        ...filter,
        now: now.toISOString(),
        ...(filter.expiringSoon === true
          ? { expiringBefore: new Date(now.getTime() + EXPIRING_SOON_MS).toISOString() }
          : {}),
      },
      KEEP_MATCH_MAX,
    );
    return ids.length === 0 ? 0 : this.keep(ids);
  }

  /** Un-keeps the entries; a file goes only when no kept entry shares its hash. */
  async unkeep(entryIds: readonly number[]): Promise<number> {
    const { updated, orphans } = this.options.store.libraryKeep.unkeep(entryIds);
    for (const hash of orphans) {
      const hex = hexOf(hash);
      if (hex === null) continue;
      // The content type is not known once the row is gone, so every file of this hash is removed; after any
      // sidecar write of the same hash, which would otherwise leave a sidecar with no file beside it.
      await this.folder.serial(hex, async () => {
        for (const path of await this.filesOf(hex)) await unlink(path).catch(() => undefined);
      });
    }
    // The files still kept list fewer entries now.
    if (updated > 0) this.sidecars.poke();
    return updated;
  }

  /** Queues newly rated entries whose profile keeps starred ones (the rate handler calls this). */
  onRated(entryIds: readonly number[]): number {
    const table = this.options.store.libraryKeep;
    const wanted = entryIds.filter((id) => {
      const entry = table.get(id);
      if (entry === null || entry.rating < 1) return false;
      return this.settings.rule(entry.profileId) !== 'nothing';
    });
    return wanted.length === 0 ? 0 : this.keep(wanted);
  }

  /** Queues newly indexed entries whose profile keeps everything (the indexer calls this). */
  onIndexed(entryIds: readonly number[]): number {
    const table = this.options.store.libraryKeep;
    const rules = new Map<string, KeepRule>();
    const wanted = entryIds.filter((id) => {
      const entry = table.get(id);
      if (entry === null) return false;
      const rule = rules.get(entry.profileId) ?? this.settings.rule(entry.profileId);
      rules.set(entry.profileId, rule);
      return rule === 'everything' || (rule === 'starred' && entry.rating >= 1);
    });
    return wanted.length === 0 ? 0 : this.keep(wanted);
  }

  /** Sets a profile's rule and queues what it now asks for among the entries already there. */
  setRule(profileId: string, rule: KeepRule): KeepRule {
    this.settings.setRule(profileId, rule);
    if (rule !== 'nothing') {
      this.keepMatching({
        profileIds: [profileId],
        rejected: 'hide',
        ...(rule === 'starred' ? { minRating: 1 } : {}),
      });
    }
    return rule;
  }

  status(): LibraryKeepStatus {
    const table = this.options.store.libraryKeep;
    const now = this.now();
    return {
      usedBytes: table.usedBytesTotal(),
      budgetBytes: this.settings.budget(),
      keptEntries: table.count('kept'),
      queued: table.count('queued'),
      failed: table.count('failed'),
      expiringSoon: table.countExpiringSoon(
        now.toISOString(),
        new Date(now.getTime() + EXPIRING_SOON_MS).toISOString(),
      ),
      folder: this.folder.root,
    };
  }

  /** The kept copy of an asset's bytes (the asset route serves it before asking the service). */
  async openKept(profileId: string, assetId: string): Promise<CachedFile | null> {
    const table = this.options.store.libraryKeep;
    const entry = table.byAssetId(profileId, assetId);
    if (entry?.keepState !== 'kept' || entry.hash === null) return null;
    return this.openBlob(entry.hash);
  }

  /** The kept file of a hash, opened, or null. */
  async openBlob(hash: string): Promise<CachedFile | null> {
    const blob = this.options.store.libraryKeep.keptBlob(hash);
    const hex = hexOf(hash);
    if (blob === null || hex === null) return null;
    try {
      const handle = await open(this.folder.fileOf(hex, blob.contentType), 'r');
      const info = await handle.stat();
      if (info.size !== blob.size) {
        await handle.close();
        return null;
      }
      return { size: blob.size, contentType: blob.contentType, handle };
    } catch {
      return null;
    }
  }

  /**
   * Resumes keeps queued by an earlier run, writes the sidecars it left due, and removes the temporary
   * downloads it left in incoming/ when it stopped mid-keep (only files older than this run, so a keep
   * started meanwhile is never touched).
   */
  resume(): void {
    this.options.supervisor.run('library keep: temporary files of an earlier run', () =>
      this.sweepIncoming(this.startedAtMs),
    );
    this.queue.resume();
    this.sidecars.poke();
  }

  /** Removes `.keep-*.part` files in incoming/ last changed before `beforeMs`; how many went. */
  async sweepIncoming(beforeMs: number): Promise<number> {
    const names = await readdir(this.folder.incoming).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names.filter((n) => PART_FILE.test(n))) {
      const path = join(this.folder.incoming, name);
      const info = await stat(path).catch(() => null);
      if (info?.isFile() !== true || info.mtimeMs >= beforeMs) continue;
      await unlink(path).then(
        () => (removed += 1),
        () => undefined,
      );
    }
    return removed;
  }

  /** Resolves once nothing is queued or running and the sidecars due are written (the CLI, tests, the bench). */
  async settled(): Promise<void> {
    await this.queue.idle();
    await this.sidecars.flush();
  }

  async close(): Promise<void> {
    await this.queue.stop();
    await this.sidecars.stop();
  }

  private async filesOf(hex: string): Promise<string[]> {
    const names = await readdir(this.folder.dirOf(hex)).catch(() => [] as string[]);
    return names
      .filter((name) => name.startsWith(`${hex}.`))
      .map((name) => join(this.folder.dirOf(hex), name));
  }
}
