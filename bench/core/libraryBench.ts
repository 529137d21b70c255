// `npm run bench -- library` (issue 21): indexing finished jobs' outputs into the library, through the road the
// app takes (outputs written a chunk to a transaction; each write makes its entries and FTS rows from the job's
// stored workflow), against a reference measured in the same run: the same number of rows of the same width
// inserted plainly into a table with no FTS and no facts. Then search over the 100,000 entries it made: a word,
// a prefix, a field filter and a facet combination, each timed many times for its p95, with the facets call.
import Database from 'libsql';
import { LibrarySearch } from '../../src-main/core/library/librarySearch';
import { openStore } from '../../src-main/core/store/loupeStore';
import type { OutputRowInput } from '../../src-main/core/store/outputsTable';
import { makeTempDir } from '../../src-main/core/store/testing/tempDir';
import { testProfile } from '../../src-main/core/store/testing/tempStore';
import { textToImageWorkflow } from '../../src-main/simulator/jobs/sampleWorkflows';
import type { Figures } from '../figures';

const OUTPUTS = 100_000;
const PER_JOB = 4;
const CHUNK = 250;
/** Whole jobs per transaction: 62 jobs of 4 outputs, 248 rows. */
const JOBS_PER_CHUNK = Math.floor(CHUNK / PER_JOB);
const SEARCH_RUNS = 60;

const subjects = [
  'lighthouse',
  'harbour',
  'fox',
  'forest',
  'city',
  'portrait',
  'mountain',
  'desert',
  'river',
  'robot',
];
const moods = [
  'at dusk',
  'in fog',
  'under snow',
  'at noon',
  'in rain',
  'by moonlight',
  'in autumn',
  'at dawn',
];
const styles = ['oil painting', 'photograph', 'watercolour', 'ink sketch', 'isometric render', 'film still'];

export function promptOf(i: number): string {
  return `a ${subjects[i % subjects.length] ?? ''} ${moods[(i >> 3) % moods.length] ?? ''}, ${styles[(i >> 5) % styles.length] ?? ''}, detailed ${i % 97}`;
}

/**
 * `jobs` finished jobs (`job-0` …) with their workflows and snapshots, one a minute from 2025-01-01, written
 * straight into the jobs table as the store holds them: the setup of the library benches, not timed.
 */
export function insertFinishedJobs(raw: Database.Database, profileId: string, jobs: number): void {
  const insertJob = raw.prepare(
    `INSERT INTO jobs (profile_id, job_id, status, snapshot, labels, submitted_by_us, retry_of, workflow,
       created_at, updated_at, terminal_at)
     VALUES (?, ?, 'succeeded', ?, ?, 1, NULL, ?, ?, ?, ?)`,
  );
  raw.exec('BEGIN');
  for (let j = 0; j < jobs; j++) {
    const at = new Date(Date.UTC(2025, 0, 1) + j * 60_000).toISOString();
    const workflow = textToImageWorkflow({ prompt: promptOf(j), seed: j, steps: 10 + (j % 40) });
    insertJob.run(
      profileId,
      `job-${j}`,
      JSON.stringify({ id: `job-${j}`, status: 'succeeded', created_at: at, expires_at: null }),
      JSON.stringify({ project: `p${j % 7}` }),
      JSON.stringify(workflow),
      at,
      at,
      at,
    );
  }
  raw.exec('COMMIT');
}

function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(sorted.length * 0.95)] ?? 0) * 100) / 100;
}

const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;

function memory(): { heap: number; rss: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, rss: usage.rss };
}

export async function benchLibrary(): Promise<Figures> {
  const dir = makeTempDir('loupe-library-bench-');
  const path = dir.file('loupe.db');
  const jobs = OUTPUTS / PER_JOB;
  try {
    // Setup (not timed): the finished jobs with their workflows and snapshots, as the store holds them.
    const setup = openStore(path);
    setup.profiles.insert(testProfile);
    setup.close();
    const raw = new Database(path);
    insertFinishedJobs(raw, 'p', jobs);
    raw.close();

    const store = openStore(path);
    const outputsOf = (j: number): OutputRowInput[] =>
      Array.from({ length: PER_JOB }, (_, k) => ({
        assetId: `a-${j}-${k}`,
        nodeId: '9',
        name: `ComfyUI_${String(j * PER_JOB + k).padStart(6, '0')}_.png`,
        type: k === 3 ? 'video' : 'image',
        contentType: k === 3 ? 'video/mp4' : 'image/png',
        size: 100_000 + j,
        hash: `blake3:${(j * PER_JOB + k).toString(16).padStart(64, '0')}`,
        position: k,
      }));

    const before = memory();
    const indexStart = performance.now();
    for (let j = 0; j < jobs; j += JOBS_PER_CHUNK) {
      store.transaction(() => {
        for (let k = j; k < Math.min(jobs, j + JOBS_PER_CHUNK); k++)
          store.outputs.upsertRows('p', `job-${k}`, outputsOf(k));
      });
      // The app yields between chunks; so does the bench, so its memory is what the app's would be.
      if ((j / JOBS_PER_CHUNK) % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const indexMs = performance.now() - indexStart;
    const after = memory();
    const entries = store.library.entries.total();

    // Reference, same run: rows of the same width into a plain table (no FTS, no facts, no outputs row).
    const refDb = new Database(dir.file('reference.db'));
    refDb.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL');
    refDb.exec(`CREATE TABLE plain (id INTEGER PRIMARY KEY, profile_id TEXT, job_id TEXT, asset_id TEXT, name TEXT,
      type TEXT, content_type TEXT, size INTEGER, hash TEXT, title TEXT, created_at TEXT, prompt TEXT, seed REAL,
      facts TEXT, UNIQUE (profile_id, job_id, asset_id))`);
    const plain = refDb.prepare('INSERT INTO plain VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const refStart = performance.now();
    for (let j = 0; j < jobs; j += JOBS_PER_CHUNK) {
      refDb.exec('BEGIN');
      for (let k = j; k < Math.min(jobs, j + JOBS_PER_CHUNK); k++) {
        for (const o of outputsOf(k)) {
          plain.run(
            'p',
            `job-${k}`,
            o.assetId,
            o.name,
            o.type,
            o.contentType,
            o.size,
            o.hash,
            promptOf(k),
            'x',
            promptOf(k),
            k,
            '{}',
          );
        }
      }
      refDb.exec('COMMIT');
    }
    const refMs = performance.now() - refStart;
    refDb.close();

    const search = new LibrarySearch(store);
    const timeSearch = (args: Parameters<LibrarySearch['search']>[0]): number => {
      const times: number[] = [];
      for (let i = 0; i < SEARCH_RUNS; i++) {
        // A rating between two searches, as for the facets below: nothing counted is answered from memory.
        store.library.marks.setRating([1 + i], (i % 5) + 1);
        const start = performance.now();
        search.search({ ...args, limit: 100 });
        times.push(performance.now() - start);
      }
      return p95(times);
    };
    const timeFacets = (args: Parameters<LibrarySearch['facets']>[0]): number => {
      const times: number[] = [];
      for (let i = 0; i < SEARCH_RUNS / 3; i++) {
        // A rating between two calls, as the person makes between searches: the counts remembered for an unchanged
        // database are dropped, so each call counts (the window asks again for every keystroke's search anyway).
        store.library.marks.setRating([1 + i], (i % 5) + 1);
        const start = performance.now();
        search.facets(args);
        times.push(performance.now() - start);
      }
      return p95(times);
    };
    const combo = { query: 'harbour fog', types: ['image'], minRating: 0, rejected: 'hide' as const };
    const searches = {
      word: timeSearch({ query: 'lighthouse' }),
      prefix: timeSearch({ query: 'waterc' }),
      filter: timeSearch({ query: 'seed:4242' }),
      rangeFilter: timeSearch({ query: 'steps:>=45 fox' }),
      combo: timeSearch(combo),
      all: timeSearch({}),
      facets: timeFacets(combo),
      facetsAll: timeFacets({}),
    };
    store.close();

    const rate = Math.round((OUTPUTS / indexMs) * 1000);
    const refRate = Math.round((OUTPUTS / refMs) * 1000);
    const searchFigure = (name: string, value: number) => ({
      name: `search p95: ${name}`,
      value,
      unit: 'ms',
      target: '≤ 30',
      met: value <= 30,
    });
    return {
      title: 'library: indexing and search (100,000 outputs)',
      figures: [
        { name: 'indexing', value: rate, unit: 'outputs/s', target: '≥ 2000', met: rate >= 2000 },
        { name: 'reference: plain inserts, no FTS', value: refRate, unit: 'rows/s' },
        { name: 'indexing / reference', value: Math.round((rate / refRate) * 100) / 100, unit: '×' },
        { name: 'entries made', value: entries, unit: '' },
        { name: 'heap before → after (delta)', value: mb(after.heap - before.heap), unit: 'MB' },
        { name: 'RSS before → after (delta)', value: mb(after.rss - before.rss), unit: 'MB' },
        searchFigure('a word (lighthouse)', searches.word),
        searchFigure('a prefix (waterc…)', searches.prefix),
        searchFigure('a field filter (seed:4242)', searches.filter),
        searchFigure('a range filter and a word', searches.rangeFilter),
        searchFigure('a facet combination', searches.combo),
        searchFigure('everything, newest first', searches.all),
        searchFigure('facets of the combination', searches.facets),
        searchFigure('facets of everything', searches.facetsAll),
      ],
      notes: [
        `${jobs} finished jobs of ${PER_JOB} outputs, workflows stored as Loupe stores what it sent; outputs written ${CHUNK} to a transaction (the outputs writer's chunk).`,
        `Heap ${mb(before.heap)} → ${mb(after.heap)} MB, RSS ${mb(before.rss)} → ${mb(after.rss)} MB (gc before each reading when node runs with --expose-gc).`,
        `Each search is the full library.search (page of 100, total count, tags of the page); p95 of ${SEARCH_RUNS} runs, facets of ${SEARCH_RUNS / 3}, each after a rating (so none is answered from the remembered counts).`,
      ],
    };
  } finally {
    dir.remove();
  }
}
