// When a job's outputs are written into the library, its list row goes out named (jobs.updates), once per
// coalesced flush, only while a window listens, bounded per flush, and a store that fails costs only names.
// Named rows say whether the library holds the job (the row's thumbnail is asked for again once it does).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { JobSummary } from '../../../src-shared/contracts/jobs';
import { LocalHistory } from '../jobSources/localHistory';
import type { LoupeStore } from '../store';
import type { TempDir } from '../store/testing/tempDir';
import { openTempStore, testProfile } from '../store/testing/tempStore';
import { withTitles } from './jobTitles';
import { MAX_NAMED_ROWS, NamedRowUpdates } from './namedRowUpdates';
import { addJob } from './testing/libraryFixture';

let dir: TempDir;
let store: LoupeStore;
let told: Array<[string, JobSummary[]]>;
let errors: unknown[];
let listening: boolean;
let named: NamedRowUpdates;
let stop: () => void;

beforeEach(() => {
  ({ dir, store } = openTempStore({ profile: testProfile }));
  told = [];
  errors = [];
  listening = true;
  named = new NamedRowUpdates({
    store,
    listening: () => listening,
    tell: (profileId, rows) => told.push([profileId, rows]),
    logError: (_message, error) => errors.push(error),
    // Flushed by hand in these tests.
    coalesceMs: 60_000,
  });
  stop = store.library.indexer.onIndexed((counts) => {
    if (counts.job !== undefined) named.note(counts.job.profileId, counts.job.jobId);
  });
});
afterEach(() => {
  stop();
  named.dispose();
  store.close();
  dir.remove();
});

it('tells each job’s row named by its entries, once per flush however many writes it had', () => {
  addJob(store, 'p', { jobId: 'j1', prompt: 'isometric city block at night, rain on the glass', outputs: 2 });
  addJob(store, 'p', { jobId: 'j2', workflow: null });
  // The same job's outputs written again (a refresh) in the same moment.
  store.outputs.upsertForJob('p', 'j1', store.outputs.listForJob('p', 'j1').rows);
  expect(told).toEqual([]);
  named.flush();
  expect(told).toHaveLength(1);
  const [profileId, rows] = told[0] ?? ['', []];
  expect(profileId).toBe('p');
  expect(rows.map((row) => [row.id, row.status, row.title, row.inLibrary])).toEqual([
    ['j1', 'succeeded', 'isometric city block at night, rain on the…', true],
    // No prompt: named by what it made, as the library tile is.
    ['j2', 'succeeded', 'ComfyUI_j2_0.png', true],
  ]);
  named.flush();
  expect(told).toHaveLength(1);
});

it('tells nothing while no window listens', () => {
  listening = false;
  addJob(store, 'p', { jobId: 'j1' });
  named.flush();
  expect(told).toEqual([]);
});

it('names at most MAX_NAMED_ROWS rows of a profile in one flush (a catch-up indexes thousands)', () => {
  for (let i = 0; i < MAX_NAMED_ROWS + 5; i++) addJob(store, 'p', { jobId: `j${i}` });
  named.flush();
  expect(told[0]?.[1]).toHaveLength(MAX_NAMED_ROWS);
});

it('a store that fails as rows are named loses the names only, said in the log', () => {
  addJob(store, 'p', { jobId: 'j1' });
  // What a disk error mid-read does (SQLITE_IOERR from the titles' query).
  vi.spyOn(store.library.entries, 'titlesOf').mockImplementation(() => {
    throw new Error('disk I/O error');
  });
  expect(() => named.flush()).not.toThrow();
  expect(told).toEqual([]);
  expect(errors).toEqual([new Error('disk I/O error')]);
});

it('says which rows’ jobs the library holds: a job Loupe sent that has not finished is titled, not held', () => {
  addJob(store, 'p', { jobId: 'held', prompt: 'isometric city block at night' });
  store.jobs.recordSubmitted('p', {
    jobId: 'sent',
    status: 'running',
    workflow: { '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a fox in the snow' } } },
  });
  const summaries = new LocalHistory(store.jobs, 'p', store.batchItems).summariesOf(['held', 'sent']);
  const rows = withTitles(
    store,
    'p',
    ['held', 'sent'].flatMap((id) => summaries.get(id) ?? []),
  );
  expect(rows.map((row) => [row.id, row.title, row.inLibrary])).toEqual([
    ['held', 'isometric city block at night', true],
    // Named from the workflow it was sent with; its outputs are not in the library yet.
    ['sent', 'a fox in the snow', false],
  ]);
});
