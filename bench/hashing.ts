// The hashing bench (issue 14): blake3 throughput of the app's hashing path on a 1 GiB and a 2 GiB file, in
// the same run, through core (FileHasher: the native hasher in a worker thread, reads overlapped with hashing)
// and through the CLI (`loupe assets hash`, its start-up, measured on a tiny file the same way, subtracted),
// each as a ratio to Debian's `b3sum --num-threads 1` and `--num-threads 2` on the same file; the browser
// shell's WebAssembly hasher on the 1 GiB file; the path's memory while it hashes the 2 GiB file; and the
// re-upload of a known file end to end (hash + HEAD + from-hash against the in-process simulator) as a ratio
// to hashing it alone. The big files live in the system's temp folder for the run and are deleted after it.
import { execFile, spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FileHasher } from '../src-main/core/uploads/fileHasher';
import { uploadFixture } from '../src-main/core/uploads/testing/uploadFixture';
import { createWasmHasher, digestChunks } from '../src-main/core/uploads/wasmHash';
import { startSimulator } from '../src-main/simulator/server';
import { median, tempRandomFile, timed, type TempFile } from './benchFile';
import type { Figures } from './figures';
import { buildCli, type BuiltCli } from './hashCli';
import { report, type CliRuns, type ReuploadTimes, type RssProbe } from './hashReport';
import { busiestThreadCpu, childrenCpu, othersCpuShare } from './hashCpu';
import { timeInRounds, type Contender, type Run } from './hashSpeed';

const GiB = 1024 * 1024 * 1024;
const MiB = 1024 * 1024;
const B3SUM = '/usr/bin/b3sum';
/** The browser shell reads a dropped file in slices of this size (blake3Browser.ts, HASH_CHUNK_BYTES). */
const WASM_SLICE_BYTES = 4 * MiB;
const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const run = promisify(execFile);

export interface HashingBenchOptions {
  /** Sizes of the test files, smallest first (default 1 GiB and 2 GiB; smaller only to try the bench out). */
  sizes?: number[];
  rounds?: number;
}

export async function benchHashing(options: HashingBenchOptions = {}): Promise<Figures> {
  const sizes = options.sizes ?? [GiB, 2 * GiB];
  const rounds = options.rounds ?? 7;
  const files: TempFile[] = [];
  const hasher = new FileHasher();
  let cli: BuiltCli | null = null;
  try {
    for (const size of [16, ...sizes]) files.push(await tempRandomFile(size, `random-${size}.bin`));
    const [tiny, ...big] = files.map((f) => f.path);
    const smallest = big[0];
    const largest = big.at(-1);
    if (tiny === undefined || smallest === undefined || largest === undefined) throw new Error('no sizes');
    cli = await buildCli();
    const cliRuns: CliRuns = { startups: [], whole: new Map() };
    const measured = contenders({ hasher, cli, tiny, cliRuns, wasmFile: smallest });
    const { value: times, share: othersShare } = await othersCpuShare(() =>
      timeInRounds(big, measured, rounds),
    );
    await hasher.close();
    const rss = await probeRss(largest);
    const uploads = await timeReupload(smallest, rounds);
    return report({ times, sizes, cliRuns, rss, uploads, rounds, othersShare });
  } finally {
    await hasher.close();
    cli?.remove();
    for (const file of files) file.remove();
  }
}

interface ContenderDeps {
  hasher: FileHasher;
  cli: BuiltCli;
  /** A 16-byte file: the CLI's time on it is its start-up. */
  tiny: string;
  cliRuns: CliRuns;
  wasmFile: string;
}

async function asRun(task: () => Promise<string>): Promise<Run> {
  const { seconds, value } = await timed(task);
  return { seconds, hash: value };
}

function contenders({ hasher, cli, tiny, cliRuns, wasmFile }: ContenderDeps): Contender[] {
  const b3sum = (threads: number) => async (file: string) => {
    const { stdout } = await run(B3SUM, ['--num-threads', String(threads), '--no-names', file]);
    return `blake3:${stdout.trim()}`;
  };
  return [
    {
      // One FileHasher for all rounds: the app keeps its worker between files.
      name: 'core',
      run: async (file) => {
        const { value, cpuSeconds } = await busiestThreadCpu(() =>
          asRun(async () => (await hasher.hash(file)).hash),
        );
        return { ...value, cpuSeconds };
      },
    },
    {
      name: 'cli',
      // Start-up timed right before and right after the hash, so it meets the machine in the same mood;
      // the hash counts what the big file took beyond their mean.
      run: async (file) => {
        const before = await asRun(() => cli.hash(tiny));
        const whole = await asRun(() => cli.hash(file));
        const after = await asRun(() => cli.hash(tiny));
        const startup = (before.seconds + after.seconds) / 2;
        cliRuns.startups.push(before.seconds, after.seconds);
        cliRuns.whole.set(file, [...(cliRuns.whole.get(file) ?? []), whole.seconds]);
        return { seconds: whole.seconds - startup, hash: whole.hash };
      },
    },
    {
      name: 'b3sum1',
      run: async (file) => {
        const { value, cpuSeconds } = await childrenCpu(() => asRun(() => b3sum(1)(file)));
        return { ...value, cpuSeconds };
      },
    },
    { name: 'b3sum2', run: (file) => asRun(() => b3sum(2)(file)) },
    {
      // The engine of the browser shell's path, fed as the page feeds it (4 MiB slices), here on this thread.
      name: 'wasm',
      only: (file) => file === wasmFile,
      run: (file) =>
        asRun(() =>
          digestChunks(createReadStream(file, { highWaterMark: WASM_SLICE_BYTES }), createWasmHasher()),
        ),
    },
  ];
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

/** Uploads the file once (bytes sent), then again in rounds, each next to a plain hash of it. */
async function timeReupload(file: string, rounds: number): Promise<ReuploadTimes> {
  // The app refuses to send over 100 MB, so the first upload raises its limit and the simulator's.
  const sim = await startSimulator({ surface: 'self-hosted', maxUploadBytes: 2 * GiB });
  const fx = await uploadFixture({ surface: 'self-hosted', baseUrl: sim.url });
  try {
    const uploadOnce = async (maxUploadBytes?: number): Promise<{ seconds: number; value: string }> =>
      timed(async () => {
        const service = fx.service(maxUploadBytes === undefined ? {} : { maxUploadBytes });
        const { batchId } = await service.start(fx.profileId, [file]);
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
