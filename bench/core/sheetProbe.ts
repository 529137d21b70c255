// Child process of the sheet bench: makes one contact sheet PNG, through Loupe's writeSheetImage ("loupe")
// or a bare sharp composite of the same tiles onto one canvas ("bare"), and reports its seconds and the
// process's resident memory, so each figure is that run's alone (a process's heap does not shrink back after
// a big picture, and one run's left-overs would hide the next one's). Prints one JSON line.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { sheetGeometry, writeSheetImage } from '../../src-main/core/batches/sheet/sheetImage';
import type { SheetCell, SheetModel } from '../../src-main/core/batches/sheet/sheetModel';

const TILE = 512;
const DISTINCT_TILES = 50;

/** Pictures like a render's: smooth colour with some grain, PNG-encoded. */
async function tiles(count: number): Promise<Buffer[]> {
  const made: Buffer[] = [];
  for (let i = 0; i < count; i += 1) {
    const small = Buffer.alloc(16 * 16 * 3);
    for (let p = 0; p < small.length; p += 1) small[p] = (p * 37 + i * 101) % 256;
    made.push(
      await sharp(small, { raw: { width: 16, height: 16, channels: 3 } })
        .resize(TILE, TILE, { kernel: 'cubic' })
        .png()
        .toBuffer(),
    );
  }
  return made;
}

function model(cols: number, rows: number): SheetModel {
  const xs = Array.from({ length: cols }, (_, i) => String(i + 1));
  const ys = Array.from({ length: rows }, (_, i) => String((i + 1) / 2));
  const items: SheetModel['items'] = [];
  const grid: (SheetCell | null)[][] = ys.map((y, r) =>
    xs.map((x, c) => {
      const n = r * cols + c;
      const failed = n % 97 === 13;
      const cell: SheetCell = {
        item: n,
        status: failed ? 'failed' : 'succeeded',
        failed,
        image: failed ? null : { assetId: `a${n}`, name: `p${n}.png` },
      };
      items.push({ cell, values: { '3.seed': x, '3.cfg': y } });
      return cell;
    }),
  );
  return {
    batchName: 'bench sheet',
    x: { target: '3.seed', values: xs, inputs: ['3.seed'] },
    y: { target: '3.cfg', values: ys, inputs: ['3.cfg'] },
    pages: [{ title: '', rows: grid }],
    axes: [
      { target: '3.seed', values: xs, inputs: ['3.seed'] },
      { target: '3.cfg', values: ys, inputs: ['3.cfg'] },
    ],
    items,
  };
}

/** The reference: every tile fitted as Loupe fits it, composited onto one canvas, written as PNG. */
async function bareComposite(sheet: SheetModel, pictures: Buffer[], path: string): Promise<void> {
  const g = sheetGeometry(sheet, 256);
  const layers: sharp.OverlayOptions[] = [];
  for (const [r, row] of (sheet.pages[0]?.rows ?? []).entries()) {
    for (const [c, cell] of row.entries()) {
      if (cell?.image == null) continue;
      const fitted = await sharp(pictures[cell.item % pictures.length])
        .resize(g.cell - 2, g.cell - 2, { fit: 'contain', background: { r: 24, g: 24, b: 27 } })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const { width, height, channels } = fitted.info;
      layers.push({
        input: fitted.data,
        raw: { width, height, channels },
        left: 180 + c * g.cell + 1,
        top: 32 + r * g.cell + 1,
      });
    }
  }
  await sharp({
    create: { width: g.width, height: g.height, channels: 3, background: { r: 24, g: 24, b: 27 } },
  })
    .composite(layers)
    .png()
    .toFile(path);
}

const [mode, colsText, rowsText] = process.argv.slice(2);
const cols = Number(colsText);
const rows = Number(rowsText);
if ((mode !== 'loupe' && mode !== 'bare') || !(cols > 0) || !(rows > 0)) {
  throw new Error('usage: sheetProbe.ts loupe|bare COLS ROWS');
}
const pictures = await tiles(DISTINCT_TILES);
const thumbs = (cell: SheetCell) =>
  Promise.resolve(cell.image === null ? null : (pictures[cell.item % pictures.length] ?? null));
const sheet = model(cols, rows);
const g = sheetGeometry(sheet, 256);
const path = join(tmpdir(), `loupe-sheet-probe-${randomBytes(6).toString('hex')}.png`);
/** Resident memory with the tiles made and every module loaded: what the run adds is measured from here. */
const before = process.memoryUsage.rss();
let sampled = before;
const timer = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage.rss())), 5);
const started = performance.now();
try {
  if (mode === 'loupe') await writeSheetImage(sheet, thumbs, path);
  else await bareComposite(sheet, pictures, path);
} finally {
  clearInterval(timer);
}
const seconds = (performance.now() - started) / 1000;
const peak = Math.max(sampled, process.resourceUsage().maxRSS * 1024);
rmSync(path, { force: true });
console.log(JSON.stringify({ seconds, width: g.width, height: g.height, cell: g.cell, before, peak }));
