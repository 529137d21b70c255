// The hashing bench's table: throughput and ratios per file, the wasm figure, memory and the re-upload, with
// notes that say how the figures were taken. Measuring is hashing.ts's job; this only turns times into words.
import { median } from './benchFile';
import type { Figure, Figures } from './figures';
import { listRuns, medianOf, medianRatio, type FileTimes } from './hashSpeed';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/** The CLI's raw times: its start-ups (on the tiny file) and its whole runs on each big file. */
export interface CliRuns {
  startups: number[];
  whole: Map<string, number[]>;
}

export interface RssProbe {
  /** Peak RSS (high-water mark) once the worker is ready, and after the big hash. */
  workerReady: number;
  afterHash: number;
  /** Current RSS right before the big hash, and its highest sample during it. */
  currentBefore: number;
  currentPeak: number;
}

export interface ReuploadTimes {
  first: number;
  again: number;
  hashAlone: number;
  againRuns: number[];
  hashRuns: number[];
  outcome: string;
}

function sizeName(bytes: number): string {
  const mib = bytes / MiB;
  return mib >= 1024 ? `${mib / 1024} GiB` : `${mib} MiB`;
}

/** Throughput and the two ratios of core and the CLI on one file; "≥ 1.0" is the goal against one thread. */
function speedFigures(times: FileTimes, bytes: number): Figure[] {
  const mib = bytes / MiB;
  const size = sizeName(bytes);
  const path = (label: string, contender: string): Figure[] => {
    const one = medianRatio(times, 'b3sum1', contender);
    return [
      { name: `${size}: ${label}`, value: mib / medianOf(times, contender), unit: 'MiB/s' },
      { name: `${size}: ${label} / b3sum 1 thread`, value: one, unit: '×', target: '≥ 1.0', met: one >= 1 },
      {
        name: `${size}: ${label} / b3sum 2 threads`,
        value: medianRatio(times, 'b3sum2', contender),
        unit: '×',
      },
    ];
  };
  const cpu = (contender: string): number => median(times.cpu.get(contender) ?? []) / (bytes / GiB);
  return [
    ...path('core (FileHasher)', 'core'),
    ...path('CLI, start-up subtracted', 'cli'),
    { name: `${size}: b3sum --num-threads 1`, value: mib / medianOf(times, 'b3sum1'), unit: 'MiB/s' },
    { name: `${size}: b3sum --num-threads 2`, value: mib / medianOf(times, 'b3sum2'), unit: 'MiB/s' },
    { name: `${size}: CPU per GiB, core's hashing thread`, value: cpu('core'), unit: 's' },
    { name: `${size}: CPU per GiB, b3sum --num-threads 1`, value: cpu('b3sum1'), unit: 's' },
    {
      name: `${size}: CPU ratio b3sum 1 thread / core's hashing thread`,
      value: cpu('b3sum1') / cpu('core'),
      unit: '×',
    },
  ];
}

/** Fastest against fastest: what each would do on a quiet machine, the CLI's start-up its fastest too. */
function bestOf(times: FileTimes, cliRuns: CliRuns): string {
  const fastest = (values: readonly number[] | undefined): number => Math.min(...(values ?? []));
  const b3sum = fastest(times.seconds.get('b3sum1'));
  const core = b3sum / fastest(times.seconds.get('core'));
  const cli = b3sum / (fastest(cliRuns.whole.get(times.file)) - fastest(cliRuns.startups));
  return `core ${core.toFixed(2)}×, CLI ${cli.toFixed(2)}×`;
}

export interface Measured {
  times: FileTimes[];
  sizes: number[];
  cliRuns: CliRuns;
  rss: RssProbe;
  uploads: ReuploadTimes;
  rounds: number;
  /** Share of the machine's CPU that other processes took during the timed rounds. */
  othersShare: number;
}

export function report({ times, sizes, cliRuns, rss, uploads, rounds, othersShare }: Measured): Figures {
  const first = times[0];
  const wasmSeconds = first === undefined ? Number.NaN : medianOf(first, 'wasm');
  const wasmMib = (sizes[0] ?? 0) / MiB;
  // The larger of two readings: the sampled rise of current RSS, and the rise of the high-water mark.
  const rssDeltaMiB = Math.max(rss.currentPeak - rss.currentBefore, rss.afterHash - rss.workerReady) / MiB;
  const reuploadRatio = uploads.again / uploads.hashAlone;
  const list = (values: number[]): string => values.map((s) => s.toFixed(3)).join(', ');
  return {
    title: `Hashing (blake3, ${sizes.map(sizeName).join(' and ')})`,
    figures: [
      ...times.flatMap((t, index) => speedFigures(t, sizes[index] ?? 0)),
      { name: 'CLI start-up (hashing a 16-byte file)', value: median(cliRuns.startups), unit: 's' },
      {
        name: `${sizeName(sizes[0] ?? 0)}: wasm (blake3-wasm, browser shell)`,
        value: wasmMib / wasmSeconds,
        unit: 'MiB/s',
      },
      {
        name: `${sizeName(sizes[0] ?? 0)}: wasm / b3sum 1 thread`,
        value: first === undefined ? Number.NaN : medianRatio(first, 'b3sum1', 'wasm'),
        unit: '×',
      },
      {
        name: `RSS rise while hashing ${sizeName(sizes.at(-1) ?? 0)}`,
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
      `${rounds} rounds after one warm-up each, each rotating the order of the hashers and alternating the files; MiB/s from the median time, ratios the median of the rounds' own ratios; other processes took ${(othersShare * 100).toFixed(0)}% of the machine's CPU meanwhile:`,
      ...times.flatMap((t, index) => [
        `  ${sizeName(sizes[index] ?? 0)} s: core ${listRuns(t, 'core')}; CLI ${listRuns(t, 'cli')}; b3sum -t1 ${listRuns(t, 'b3sum1')}; -t2 ${listRuns(t, 'b3sum2')}`,
        `    best of the rounds against b3sum -t1 (the least disturbed runs): ${bestOf(t, cliRuns)}`,
      ]),
      `  wasm ${first === undefined ? '' : listRuns(first, 'wasm')} s; CLI start-up ${list(cliRuns.startups)} s`,
      'CLI: src-main/cli built as `npm run build` builds it, run with node; its start-up, timed on the tiny file just before and after, is taken off each run; b3sum start-up (~1 ms) is not',
      `re-upload ${list(uploads.againRuns)} s, alternating with hashing alone ${list(uploads.hashRuns)} s (${uploads.outcome})`,
      `RSS in a child process, sampled every 5 ms and by maxRSS; all hashers agree: ${times.map((t) => t.hash.slice(0, 23)).join(', ')}…`,
    ],
  };
}
