// Writes the library folder's sidecars (<hex>.json beside each kept file: the entries that share the bytes,
// each with its workflow and metadata) after the keeping, not inside it. On an ext4 disk under a stream of
// downloads each small file's create, fsync and rename waited behind the journal commits the downloads'
// fsyncs forced: about 45 ms a sidecar, and a keep of 2 GiB took a third longer than the same downloads with
// none. The store says which sidecars are due (librarySidecarsTable.ts); this writes them when no keep runs,
// a batch at a time: each written whole from the store to a temporary name and renamed, then the batch synced
// together (the disk takes one journal commit for many files, not one each), and only then marked written. A
// crash before that leaves them due, and the next start writes them.
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { replaceWhole } from '../../content/checkedWrite';
import { makeDurable } from '../../content/checkedDownload';
import type { LoupeStore } from '../../store';
import type { DueSidecar, SidecarEntry } from '../../store/librarySidecarsTable';
import type { Supervisor } from '../../supervision';
import { hexOf, type LibraryFolder } from './libraryFolder';

/** Sidecars written and synced together. */
export const SIDECAR_BATCH = 64;

export interface SidecarMirrorDeps {
  store: LoupeStore;
  folder: LibraryFolder;
  supervisor: Supervisor;
  /** Whether keeps are running now (sidecars wait for them). */
  busy: () => boolean;
  /** Resolves when no keep runs. */
  quiet: () => Promise<void>;
}

export class SidecarMirror {
  private current: Promise<void> | null = null;
  private again = false;
  private waiting = false;
  private stopped = false;

  constructor(private readonly deps: SidecarMirrorDeps) {}

  /** Writes what is due, now if no keep runs, else once the keeps are done. Never rejects. */
  poke(): void {
    if (this.stopped) return;
    if (this.current !== null) {
      this.again = true;
      return;
    }
    if (this.deps.busy()) {
      this.whenQuiet();
      return;
    }
    this.current = new Promise<void>((resolve) => {
      this.deps.supervisor.run(
        'library sidecars',
        () => this.drain().finally(resolve),
        // Logged by the supervisor; what was not written stays due for the next poke.
        () => undefined,
      );
    }).then(() => {
      this.current = null;
      if (this.again) {
        this.again = false;
        this.poke();
      }
    });
  }

  /** Waits for the keeps, then writes what is due; resolves when that is done (or has failed and is logged). */
  async flush(): Promise<void> {
    await this.deps.quiet();
    this.poke();
    while (this.current !== null) await this.current;
  }

  /** Stops writing; the batch in hand finishes (what is left stays due for the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    while (this.current !== null) await this.current;
  }

  private whenQuiet(): void {
    if (this.waiting) return;
    this.waiting = true;
    // quiet() never rejects (the keep queue's idle); poke() never throws.
    this.deps.supervisor.watch(
      'library sidecars (waiting for keeps)',
      this.deps.quiet().then(() => {
        this.waiting = false;
        this.poke();
      }),
    );
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      if (this.deps.busy()) {
        this.whenQuiet();
        return;
      }
      const batch = this.deps.store.librarySidecars.due(SIDECAR_BATCH);
      if (batch.length === 0) return;
      const outcomes = await Promise.allSettled(batch.map((due) => this.write(due)));
      const written = batch.filter((_, i) => outcomes[i]?.status === 'fulfilled');
      // One sync for the batch: the files written (none for bytes unkept meanwhile), then their folders.
      const paths = outcomes.flatMap((o) => (o.status === 'fulfilled' && o.value !== null ? [o.value] : []));
      const folders = [...new Set(paths.map((path) => dirname(path)))];
      const synced = await Promise.allSettled([
        ...paths.map((path) => makeDurable(path)),
        ...folders.map((folder) => syncFolder(folder)),
      ]);
      const failure = [...outcomes, ...synced].find((o) => o.status === 'rejected');
      if (synced.every((o) => o.status === 'fulfilled')) {
        for (const due of written) this.deps.store.librarySidecars.markWritten(due.hash, due.due);
      }
      if (failure !== undefined) throw failure.reason;
    }
  }

  /** Writes one sidecar whole from the store, unless the bytes were unkept meanwhile; the path written, if any. */
  private async write(due: DueSidecar): Promise<string | null> {
    const hex = hexOf(due.hash);
    if (hex === null) return null;
    return this.deps.folder.serial(hex, async () => {
      if (this.deps.store.libraryKeep.keptBlob(due.hash) === null) return null;
      const entries = this.deps.store.librarySidecars.entriesOf(due.hash);
      const text = `${JSON.stringify(
        { hash: due.hash, size: due.size, contentType: due.contentType, entries: entries.map(recordOf) },
        null,
        2,
      )}\n`;
      const path = this.deps.folder.sidecarOf(hex);
      await replaceWhole(path, text);
      return path;
    });
  }
}

function recordOf(entry: SidecarEntry): Record<string, unknown> {
  return {
    entryId: entry.entryId,
    profileId: entry.profileId,
    jobId: entry.jobId,
    assetId: entry.assetId,
    name: entry.name,
    type: entry.type,
    contentType: entry.contentType,
    title: entry.title,
    createdAt: entry.createdAt,
    facts: parseOrText(entry.facts),
    workflow: parseOrText(entry.workflow),
  };
}

function parseOrText(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Makes a folder's entries (the renames into it) durable; a platform that cannot open folders skips it. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => null);
  if (handle === null) return;
  try {
    await handle.sync();
  } catch (error) {
    // Windows cannot flush a folder handle; its renames are durable through the file system's own journal.
    if (
      (error as NodeJS.ErrnoException).code !== 'EPERM' &&
      (error as NodeJS.ErrnoException).code !== 'EISDIR'
    )
      throw error;
  } finally {
    await handle.close();
  }
}
