// A Loupe data directory prepared before the shell starts: one profile, made active, and optionally a
// remembered history written into the store as the watcher writes it (snapshots with their labels).
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src-main/core/store';
import { jobJson, type HistoryJob } from './history';

export interface SeedOptions {
  profileId: string;
  surface: 'self-hosted' | 'serverless';
  baseUrl: string;
  jobs?: readonly HistoryJob[];
}

export function newDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'loupe-bench-ui-'));
}

export function seedDataDir(dataDir: string, options: SeedOptions): void {
  const store = openStore(join(dataDir, 'loupe.db'));
  try {
    store.transaction(() => {
      store.profiles.insert({
        id: options.profileId,
        name: 'Studio history',
        surface: options.surface,
        baseUrl: options.baseUrl,
        routerBaseUrl: null,
        builtIn: null,
      });
      store.settings.setActiveProfileId(options.profileId);
      for (const job of options.jobs ?? []) {
        store.jobs.upsertSnapshot(options.profileId, jobJson(job), job.labels);
      }
    });
  } finally {
    store.close();
  }
}

/** A loopback address where nothing listens: the port was free a moment ago and is closed again. */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 9;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
