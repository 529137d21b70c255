// The hashing bench (issue 6, "Show"): blake3 throughput of the app's hashing path (FileHasher: the native
// hasher in a worker thread) on a 1 GiB file as a ratio to Debian's `b3sum --num-threads 1` on the same file
// in the same run; the path's memory while it hashes; and the re-upload of the known file end to end (hash +
// HEAD + from-hash against the in-process simulator) as a ratio to hashing it alone.
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FileHasher } from '../src-main/core/uploads/fileHasher';
import { uploadFixture } from '../src-main/core/uploads/testing/uploadFixture';
import { startSimulator } from '../src-main/simulator/server';
import { median, randomFile, timed } from './benchFile';
import type { Figures } from './figures';

const GiB = 1024 * 1024 * 1024;
const MiB = 1024 * 1024;
const B3SUM = '/usr/bin/b3sum';
const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const run = promisify(execFile);

export interface HashingBenchOptions {
  /** Size of the test file (default 1 GiB; smaller only to try the bench out). */
  bytes?: number;
  rounds?: number;
}

export async function benchHashing(options: HashingBenchOptions = {}): Promise<Figures> {
  const bytes = options.bytes ?? GiB;
  const rounds = options.rounds ?? 3;
  const file = await randomFile(bytes);
  const speed = await compareWithB3sum(file, rounds);
  const rss = await probeRss(file);
  const uploads = await timeReupload(file, rounds);

  const mib = bytes / MiB;
  const ratio = speed.b3sum / speed.app;
  // The larger of two readings: the sampled rise of current RSS, and the rise of the high-water mark.
  const rssDeltaMiB = Math.max(rss.currentPeak - rss.currentBefore, rss.afterHash - rss.workerReady) / MiB;
  const reuploadRatio = uploads.again / uploads.hashAlone;
  const list = (values: number[]): string => values.map((s) => s.toFixed(3)).join(', ');
  return {
    title: `Hashing (blake3, ${mib >= 1024 ? `${mib / 1024} GiB` : `${mib} MiB`})`,
    figures: [
      { name: 'app hashing path', value: mib / speed.app, unit: 'MiB/s' },
      { name: 'b3sum --num-threads 1', value: mib / speed.b3sum, unit: 'MiB/s' },
      { name: 'throughput ratio app / b3sum', value: ratio, unit: '', target: '≥ 0.8', met: ratio >= 0.8 },
      {
        name: 'RSS rise while hashing',
        value: rssDeltaMiB,
        unit: 'MiB',
        target: '≤ 16 (flat)',
        met: rssDeltaMiB <= 16,
      },
      { name: 'RSS of the hashing process', value: rss.currentPeak / MiB, unit: 'MiB' },
      { name: 'first upload (all bytes sent)', value: uploads.first, unit: 's' },
      { name: 're-upload of the known file, end to end', value: uploads.again, unit: 's' },
      { name: 'hashing it alone, same rounds', value: uploads.hashAlone, unit: 's' },
      {
        name: 're-upload / hashing alone',
        value: reuploadRatio,
        unit: '',
        target: '≈ 1 (≤ 1.2)',
        met: reuploadRatio <= 1.2,
      },
    ],
    notes: [
      `medians of ${rounds} alternating rounds after one warm-up each: app ${list(speed.appRuns)} s; b3sum ${list(speed.b3sumRuns)} s`,
      `re-upload ${list(uploads.againRuns)} s, alternating with hashing alone ${list(uploads.hashRuns)} s (${uploads.outcome})`,
      `RSS in a child process, sampled every 5 ms and by maxRSS; file ${file}; both tools agree on ${speed.hash}`,
    ],
  };
}

interface SpeedComparison {
  app: number;
  b3sum: number;
  appRuns: number[];
  b3sumRuns: number[];
  hash: string;
}

async function compareWithB3sum(file: string, rounds: number): Promise<SpeedComparison> {
  const hasher = new FileHasher();
  const appOnce = async (): Promise<{ seconds: number; value: string }> =>
    timed(async () => (await hasher.hash(file)).hash);
  const b3sumOnce = async (): Promise<{ seconds: number; value: string }> =>
    timed(
      async () => `blake3:${(await run(B3SUM, ['--num-threads', '1', '--no-names', file])).stdout.trim()}`,
    );
  const appRuns: number[] = [];
  const b3sumRuns: number[] = [];
  const hashes = new Set<string>();
  try {
    // One of each first, unmeasured: the page cache then holds the file for both alike.
    hashes.add((await appOnce()).value).add((await b3sumOnce()).value);
    for (let round = 0; round < rounds; round++) {
      // Alternating which goes first, so neither always runs on a warmer (or busier) machine.
      const order = round % 2 === 0 ? (['app', 'b3sum'] as const) : (['b3sum', 'app'] as const);
      for (const which of order) {
        const result = which === 'app' ? await appOnce() : await b3sumOnce();
        (which === 'app' ? appRuns : b3sumRuns).push(result.seconds);
        hashes.add(result.value);
      }
    }
  } finally {
    await hasher.close();
  }
  if (hashes.size !== 1) throw new Error(`the app and b3sum disagree: ${[...hashes].join(', ')}`);
  return { app: median(appRuns), b3sum: median(b3sumRuns), appRuns, b3sumRuns, hash: [...hashes][0] ?? '' };
}

interface RssProbe {
  /** Peak RSS (high-water mark) once the worker is ready, and after the big hash. */
  workerReady: number;
  afterHash: number;
  /** Current RSS right before the big hash, and its highest sample during it. */
  currentBefore: number;
  currentPeak: number;
}

/** In a child process, so the figure is the hashing path's alone (this one holds a simulator too). */
function probeRss(file: string): Promise<RssProbe> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/hashRssProbe.ts', file], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`the RSS probe exited with ${code}`));
      else resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as RssProbe);
    });
  });
}

interface ReuploadTimes {
  first: number;
  again: number;
  hashAlone: number;
  againRuns: number[];
  hashRuns: number[];
  outcome: string;
}

/** Uploads the file once (bytes sent), then again in rounds, each next to a plain hash of it. */
async function timeReupload(file: string, rounds: number): Promise<ReuploadTimes> {
  // The app refuses to send over 100 MB, so the first upload raises its limit and the simulator's.
  const sim = await startSimulator({ surface: 'self-hosted', maxUploadBytes: 2 * GiB });
  const fx = await uploadFixture({ surface: 'self-hosted', baseUrl: sim.url });
  try {
    const uploadOnce = async (maxUploadBytes?: number): Promise<{ seconds: number; value: string }> =>
      timed(async () => {
        const service = fx.service(maxUploadBytes === undefined ? {} : { maxUploadBytes });
        const { batchId } = await service.start([file]);
        const batch = await service.whenFinished(batchId);
        return batch.files[0]?.outcome?.kind ?? 'none';
      });
    const first = await uploadOnce(2 * GiB);
    const againRuns: number[] = [];
    const hashRuns: number[] = [];
    const outcomes = new Set<string>();
    for (let round = 0; round < rounds; round++) {
      // The known file needs no raised limit: its bytes are never sent again.
      const again = await uploadOnce();
      outcomes.add(again.value);
      againRuns.push(again.seconds);
      hashRuns.push((await timed(() => fx.hasher.hash(file))).seconds);
    }
    return {
      first: first.seconds,
      again: median(againRuns),
      hashAlone: median(hashRuns),
      againRuns,
      hashRuns,
      outcome: `first ${first.value}, then ${[...outcomes].join(' / ')}`,
    };
  } finally {
    await fx.dispose();
    await sim.close();
  }
}
