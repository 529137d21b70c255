// Test support: a fresh store per test in its own temporary directory, most often with the one profile the
// rows under test belong to (jobs, uploads and batches all need their profile to exist first).
import { openStore, type LoupeStore, type OpenStoreOptions } from '../loupeStore';
import type { NewProfileRow } from '../profilesTable';
import { makeTempDir, type TempDir } from './tempDir';

/** The profile store tests file their rows under. */
export const testProfile: Readonly<NewProfileRow> = {
  id: 'p',
  name: 'P',
  surface: 'serverless',
  baseUrl: 'https://d.example.com',
  routerBaseUrl: null,
  builtIn: null,
};

/** A clock for `now`: each reading is one second after the last, so every write has its own time. */
export function steppingClock(): () => Date {
  let seconds = 0;
  return () => new Date(Date.UTC(2025, 0, 1) + seconds++ * 1000);
}

export interface TempStore {
  dir: TempDir;
  /** Open on `dir.file('loupe.db')`, where a test that reopens the store finds it again. */
  store: LoupeStore;
}

/** Opens a store in a new temporary directory and saves `profile` in it, when one is given. */
export function openTempStore(options: OpenStoreOptions & { profile?: NewProfileRow } = {}): TempStore {
  const { profile, ...storeOptions } = options;
  const dir = makeTempDir();
  const store = openStore(dir.file('loupe.db'), storeOptions);
  if (profile !== undefined) store.profiles.insert(profile);
  return { dir, store };
}
