// Every table's reads over a store whose text went bad on disk: one byte flipped in a text value of each table
// (plain text, JSON documents, ids that are keys, enums, timestamps). Without tolerant reading each of these
// calls would abort the process; with it each returns, the damage visible as U+FFFD or set aside as a typed
// corrupt_row, never as an exception of another kind.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { isStoreError } from './errors';
import { openStore, type LoupeStore } from './loupeStore';
import { flipMarkerBytes } from './testing/flipBytes';
import type { TempDir } from './testing/tempDir';
import { openTempStore, testProfile } from './testing/tempStore';

const MARK = 'MARKER';
const BAD = 'MAR\uFFFDER';
const P = testProfile.id;

let dir: TempDir;
let store: LoupeStore;

function fill(): void {
  store.profiles.insert({ ...testProfile, id: 'q', name: `profile ${MARK}` });
  store.settings.set('batchTemplates', [{ name: MARK }]);
  store.jobs.recordSubmitted(P, {
    jobId: `job-${MARK}`,
    status: 'queued',
    workflow: { prompt: MARK },
    labels: { note: MARK },
  });
  store.jobs.upsertSnapshot(P, { id: 'job-2', status: 'running', note: MARK });
  store.outputs.upsertForJob(P, 'job-2', [
    {
      assetId: 'a1',
      nodeId: '9',
      name: `out-${MARK}.png`,
      type: 'image',
      contentType: 'image/png',
      size: 3,
      hash: `blake3:${MARK}`,
    },
  ]);
  store.uploads.recordIntent({
    id: 'u1',
    profileId: P,
    filePath: `/in/${MARK}.png`,
    size: 3,
    hash: 'blake3:abc',
    idempotencyKey: `key-${MARK}`,
  });
  store.assets.describe(
    P,
    {
      assetId: 'a2',
      hash: 'blake3:abc',
      size: 3,
      contentType: `image/${MARK}`,
      filePath: `/x/${MARK}`,
      jobId: null,
      createdAt: null,
      expiresAt: null,
    },
    { lookedUp: true },
  );
  store.batches.create({ id: 'b1', profileId: P, name: `batch ${MARK}`, plan: { axes: MARK } }, [
    { id: 'i1', idempotencyKey: 'k1', request: { prompt: MARK }, values: [] },
    { id: 'i2', idempotencyKey: 'k2', request: {} },
  ]);
  store.batchItems.markSent('i1');
  store.batchItems.markResult('i1', { outcome: 'failed', error: `refused ${MARK}` });
  store.batchItems.markSent('i2');
  store.batchItems.markResult('i2', { outcome: 'created', jobId: 'job-2' });
  store.routerCatalogue.replace(P, [{ id: 'a/b', provider: MARK, model: 'b', billing: {} }], '2025-01-01');
  store.routerCatalogue.setFacts(P, 'a/b', { outputKind: `image ${MARK}`, outputContentType: null });
  store.routerRuns.insert({
    id: 'r1',
    profileId: P,
    modelId: `a/${MARK}`,
    mode: 'sync',
    idempotencyKey: 'rk1',
    input: { prompt: MARK },
    options: {},
  });
  store.routerSpend.recordFigures(P, { limit: 5, current: 1, remaining: 4 });
}

beforeEach(() => {
  ({ dir, store } = openTempStore({ profile: testProfile }));
  fill();
  store.close();
  expect(flipMarkerBytes(dir.file('loupe.db'), MARK)).toBeGreaterThanOrEqual(20);
  store = openStore(dir.file('loupe.db'));
});
afterEach(() => {
  store.close();
  dir.remove();
});

/** Whatever a read returned (or the typed error it threw), as text to look for the damage in. */
function shown(read: () => unknown): string {
  try {
    return JSON.stringify(read(), (_key, value: unknown) =>
      value instanceof Map ? (Object.fromEntries(value as Map<string, unknown>) as unknown) : value,
    );
  } catch (error) {
    if (isStoreError(error, 'corrupt_row')) return `corrupt_row ${error.message}`;
    throw error;
  }
}

it('reads every table, damage and all, and the file still passes integrity_check', () => {
  expect(store.integrityOk()).toBe(true);
  const reads: Record<string, () => unknown> = {
    'profiles.get': () => store.profiles.get('q'),
    'profiles.list': () => store.profiles.list(),
    'settings.activeProfileId': () => store.settings.activeProfileId(),
    'jobs.get': () => store.jobs.get(P, 'job-2'),
    'jobs.list': () => store.jobs.list(P),
    'jobs.newestByCreation': () => store.jobs.newestByCreation(P, { limit: 10 }),
    'jobs.retriesOf': () => store.jobs.retriesOf(P, 'job-2'),
    'outputs.listForJob': () => store.outputs.listForJob(P, 'job-2'),
    'outputs.findByHash': () => store.outputs.findByHash(P, `blake3:${BAD}`),
    'uploads.get': () => store.uploads.get('u1'),
    'uploads.list': () => store.uploads.list(P),
    'uploads.findCreatedByHash': () => store.uploads.findCreatedByHash(P, 'blake3:abc'),
    'assets.get': () => store.assets.get(P, 'a2'),
    'assets.list': () => store.assets.list(P),
    'assets.listOutputs': () => store.assets.listOutputs(P),
    'assets.knownHash': () => store.assets.knownHash(P, 'a1'),
    'batches.get': () => store.batches.get('b1'),
    'batches.list': () => store.batches.list(P),
    'batchItems.listForBatch': () => store.batchItems.listForBatch('b1'),
    'batchItems.standingsForProfile': () => store.batchItems.standingsForProfile(P),
    'batchItems.standingsForBatch': () => store.batchItems.standingsForBatch('b1'),
    'batchItems.positionsForBatch': () => store.batchItems.positionsForBatch('b1'),
    'batchItems.countsByState': () => store.batchItems.countsByState('b1'),
    'batchItems.severalItemBatchesOfJobs': () => store.batchItems.severalItemBatchesOfJobs(P, ['job-2']),
    'routerCatalogue.read': () => store.routerCatalogue.read(P),
    'routerCatalogue.facts': () => store.routerCatalogue.facts(P),
    'routerRuns.getForProfile': () => store.routerRuns.getForProfile(P, 'r1'),
    'routerRuns.list': () => store.routerRuns.list(P, 10),
    'routerRuns.open': () => store.routerRuns.open(),
    'routerSpend.read': () => store.routerSpend.read(P),
  };
  const results = Object.fromEntries(Object.entries(reads).map(([name, read]) => [name, shown(read)]));
  // The damaged values themselves come back with the replacement character in place of the bad byte.
  for (const name of [
    'profiles.get',
    'jobs.get',
    'jobs.list',
    'jobs.newestByCreation',
    'outputs.listForJob',
    'uploads.get',
    'assets.get',
    'assets.listOutputs',
    'batches.get',
    'batchItems.listForBatch',
    'batchItems.standingsForBatch',
    'routerCatalogue.read',
    'routerCatalogue.facts',
    'routerRuns.getForProfile',
  ]) {
    expect(results[name], name).toContain('\uFFFD');
  }
  expect(results['jobs.list']).toContain(`job-${BAD}`);
  expect(results['jobs.newestByCreation']).toContain(`job-${BAD}`);
});
