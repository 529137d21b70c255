// The library's lookups that run once per tile must not read every entry: the asset route asks for an entry by
// its asset for every thumbnail a grid draws, one after another on main's one thread (before migration 13 it
// scanned the whole profile, about 120 ms each at 100,000 entries, and a screenful of tiles stalled every call).
import Database from 'libsql';
import { afterEach, expect, it } from 'vitest';
import { ENTRY_BY_ASSET_SQL } from './libraryKeepTable';
import type { TempDir } from './testing/tempDir';
import { openTempStore, testProfile } from './testing/tempStore';

let dir: TempDir | null = null;
afterEach(() => dir?.remove());

it('finds an entry by its asset through an index, not by scanning its profile', () => {
  const opened = openTempStore({ profile: testProfile });
  dir = opened.dir;
  opened.store.close();
  const db = new Database(dir.file('loupe.db'));
  try {
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${ENTRY_BY_ASSET_SQL}`)
      .all({ profileId: 'p', assetId: 'a' }) as { detail: string }[];
    const details = plan.map((step) => step.detail).join('\n');
    expect(details).toMatch(
      /SEARCH library_entries USING INDEX library_by_asset \(profile_id=\? AND asset_id=\?\)/,
    );
  } finally {
    db.close();
  }
});
