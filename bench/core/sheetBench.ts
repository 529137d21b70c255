// The contact sheet's image export (issue 22): a sheet of 1,000 cells (40 × 25, cells shrunk to fit
// 10,000 px across) written through Loupe's writeSheetImage (row strips composed by sharp to raw pixels, the
// PNG streamed out) against a bare sharp composite of the same tiles, resized the same way, onto one canvas
// written as PNG, in the same run: seconds, output pixels/s and the ratio (goal ≥ 0.8×). Each run is a child
// process of its own (sheetProbe.ts), which reports its peak resident memory; both are also run once on a
// sheet of about 10,000 × 10,000 px (38 × 40 cells), where a whole canvas would be 300 MB.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from '../benchFile';
import type { Figures } from '../figures';

const MiB = 1024 * 1024;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

interface Probe {
  seconds: number;
  width: number;
  height: number;
  cell: number;
  /** RSS before the run, and the process's peak, in bytes. */
  before: number;
  peak: number;
}

function probe(mode: 'loupe' | 'bare', cols: number, rows: number): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/core/sheetProbe.ts', mode, String(cols), String(rows)],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`the sheet probe exited with ${code}`));
      else resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Probe);
    });
  });
}

const growth = (p: Probe) => (p.peak - p.before) / MiB;

export async function benchSheet(options: { rounds?: number } = {}): Promise<Figures> {
  const rounds = options.rounds ?? 2;
  const loupe: Probe[] = [];
  const bare: Probe[] = [];
  for (let round = 0; round < rounds; round += 1) {
    loupe.push(await probe('loupe', 40, 25));
    bare.push(await probe('bare', 40, 25));
  }
  const bigLoupe = await probe('loupe', 38, 40);
  const bigBare = await probe('bare', 38, 40);
  const first = loupe[0];
  if (first === undefined) throw new Error('no rounds');
  const pixels = first.width * first.height;
  const loupeS = median(loupe.map((r) => r.seconds));
  const bareS = median(bare.map((r) => r.seconds));
  const ratio = bareS / loupeS;
  const big = `${bigLoupe.width} × ${bigLoupe.height} px`;
  return {
    title: 'contact sheet image export (sharp, PNG)',
    figures: [
      { name: 'Loupe sheet of 1,000 cells', value: loupeS, unit: 's' },
      { name: 'Loupe pixels/s', value: pixels / loupeS / 1e6, unit: 'MP/s' },
      { name: 'bare sharp composite', value: bareS, unit: 's' },
      { name: 'bare sharp pixels/s', value: pixels / bareS / 1e6, unit: 'MP/s' },
      { name: 'Loupe / bare sharp', value: ratio, unit: '×', target: '≥ 0.8', met: ratio >= 0.8 },
      { name: 'Loupe peak RSS growth', value: Math.max(...loupe.map(growth)), unit: 'MiB' },
      { name: 'bare peak RSS growth', value: Math.max(...bare.map(growth)), unit: 'MiB' },
      { name: 'Loupe peak RSS', value: Math.max(...loupe.map((r) => r.peak)) / MiB, unit: 'MiB' },
      { name: `Loupe ${big}: time`, value: bigLoupe.seconds, unit: 's' },
      { name: `Loupe ${big}: peak RSS growth`, value: growth(bigLoupe), unit: 'MiB' },
      { name: `bare ${big}: time`, value: bigBare.seconds, unit: 's' },
      { name: `bare ${big}: peak RSS growth`, value: growth(bigBare), unit: 'MiB' },
    ],
    notes: [
      `1,000 cells: 40 × 25 of ${first.cell} px, ${first.width} × ${first.height} px out; 50 distinct 512 px PNG tiles from memory, every 97th cell failed (no picture, outlined).`,
      `Median of ${rounds} rounds each, alternating, each run a child process; RSS growth is the peak above the RSS with the tiles made.`,
    ],
  };
}
