// The contact sheet as one labelled PNG, made with sharp: x values across the top, y values down the left,
// each cell the item's picture fitted into a square, failed cells marked in red, further axes as pages one
// under the other with their title. At most 10,000 × 10,000 px: the cell shrinks to fit. Each row is
// composed on its own to raw pixels by libvips and goes straight into a streamed PNG (pngStream), so memory
// holds one row strip, never the whole sheet (10,000 × 10,000 px RGB would be 300 MB).
import { rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { DomainError } from '../../errors';
import type { SheetCell, SheetModel, SheetPageModel } from './sheetModel';
import { writePngStream, type RawStrip } from './pngStream';
import { escapeMarkup, plainLabel } from './sheetText';

export const MAX_SHEET_PIXELS_SIDE = 10_000;
const LABEL_WIDTH = 180;
const HEAD_HEIGHT = 32;
const TITLE_HEIGHT = 36;
const MIN_CELL = 16;
const BACKGROUND = { r: 24, g: 24, b: 27 };

/** A cell's picture as encoded bytes (PNG, JPEG, WebP…), or null when there is none to show. */
export type ThumbSource = (cell: SheetCell) => Promise<Buffer | null>;

export interface SheetGeometry {
  cell: number;
  width: number;
  height: number;
  titled: boolean;
}

export function sheetGeometry(model: SheetModel, maxCell: number): SheetGeometry {
  const cols = Math.max(1, model.x?.values.length ?? 1);
  const rows = Math.max(1, model.y?.values.length ?? 1);
  const pages = model.pages.length;
  const titled = pages > 1 || model.pages.some((p) => p.title !== '');
  const perPage = HEAD_HEIGHT + (titled ? TITLE_HEIGHT : 0);
  const cell = Math.min(
    maxCell,
    Math.floor((MAX_SHEET_PIXELS_SIDE - LABEL_WIDTH) / cols),
    Math.floor((MAX_SHEET_PIXELS_SIDE / Math.max(1, pages) - perPage) / rows),
  );
  if (cell < MIN_CELL) {
    throw new DomainError(
      'sheet_too_large',
      `${cols} × ${rows} cells on ${pages} page${pages === 1 ? '' : 's'} do not fit in one image of ` +
        `${MAX_SHEET_PIXELS_SIDE} × ${MAX_SHEET_PIXELS_SIDE} px. Choose other axes, or export the HTML page.`,
    );
  }
  return { cell, width: LABEL_WIDTH + cols * cell, height: pages * (perPage + rows * cell), titled };
}

function svg(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<style>text{font-family:sans-serif;fill:#d4d4d8}</style>${body}</svg>`,
  );
}

function text(x: number, y: number, size: number, value: string, max: number, anchor = 'start'): string {
  return `<text x="${x}" y="${y}" font-size="${size}" text-anchor="${anchor}">${escapeMarkup(plainLabel(value, max))}</text>`;
}

/** A pipeline's result as full-width RGB scanlines. */
async function rawStrip(image: sharp.Sharp, rows: number): Promise<RawStrip> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  if (info.channels === 3) return { data, rows };
  const rgb = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .removeAlpha()
    .raw()
    .toBuffer();
  return { data: rgb, rows };
}

/** The page's title band and the x values across. */
function headStrip(model: SheetModel, page: SheetPageModel, g: SheetGeometry): Promise<RawStrip> {
  const height = HEAD_HEIGHT + (g.titled ? TITLE_HEIGHT : 0);
  const top = g.titled ? TITLE_HEIGHT : 0;
  const chars = Math.max(4, Math.floor(g.cell / 8));
  const parts = [
    g.titled ? text(8, 24, 18, page.title === '' ? model.batchName : page.title, 200) : '',
    text(8, top + 21, 12, `${model.y?.target ?? ''} ↓  ${model.x?.target ?? ''} →`, 26),
    ...(model.x?.values ?? []).map((v, i) =>
      text(LABEL_WIDTH + i * g.cell + g.cell / 2, top + 21, 13, v, chars, 'middle'),
    ),
  ];
  return rawStrip(sharp(svg(g.width, height, parts.join(''))).flatten({ background: BACKGROUND }), height);
}

async function cellLayers(cell: SheetCell | null, left: number, g: SheetGeometry, thumbs: ThumbSource) {
  const layers: sharp.OverlayOptions[] = [];
  const marks: string[] = [];
  const picture = cell === null ? null : await thumbs(cell).catch(() => null);
  if (picture !== null) {
    const fitted = await sharp(picture)
      .resize(g.cell - 2, g.cell - 2, { fit: 'contain', background: BACKGROUND })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = fitted.info;
    layers.push({ input: fitted.data, raw: { width, height, channels }, left: left + 1, top: 1 });
  } else if (cell !== null) {
    marks.push(text(left + g.cell / 2, g.cell / 2, 12, cell.status, 16, 'middle'));
  }
  if (cell?.failed === true) {
    marks.push(
      `<rect x="${left + 2}" y="2" width="${g.cell - 4}" height="${g.cell - 4}" fill="none" stroke="#ef4444" stroke-width="4"/>`,
      `<text x="${left + 8}" y="20" font-size="13" style="fill:#ef4444;font-weight:bold">failed</text>`,
    );
  }
  return { layers, marks };
}

/** One row of cells with its y value at the left. */
async function rowStrip(
  model: SheetModel,
  page: SheetPageModel,
  row: number,
  g: SheetGeometry,
  thumbs: ThumbSource,
): Promise<RawStrip> {
  const cells = page.rows[row] ?? [];
  const layers: sharp.OverlayOptions[] = [];
  const marks = [text(8, g.cell / 2, 13, model.y?.values[row] ?? '', 22)];
  for (const [col, cell] of cells.entries()) {
    const made = await cellLayers(cell, LABEL_WIDTH + col * g.cell, g, thumbs);
    layers.push(...made.layers);
    marks.push(...made.marks);
  }
  layers.push({ input: svg(g.width, g.cell, marks.join('')), left: 0, top: 0 });
  return rawStrip(
    sharp({ create: { width: g.width, height: g.cell, channels: 3, background: BACKGROUND } }).composite(
      layers,
    ),
    g.cell,
  );
}

export interface SheetImageResult {
  path: string;
  width: number;
  height: number;
  cell: number;
}

/** Writes the sheet to `path` (through a temporary file beside it, renamed when whole). */
export async function writeSheetImage(
  model: SheetModel,
  thumbs: ThumbSource,
  path: string,
  options: { maxCell?: number; signal?: AbortSignal } = {},
): Promise<SheetImageResult> {
  const g = sheetGeometry(model, options.maxCell ?? 256);
  const { signal } = options;
  async function* strips(): AsyncGenerator<RawStrip> {
    for (const page of model.pages) {
      yield await headStrip(model, page, g);
      for (let row = 0; row < page.rows.length; row += 1) {
        signal?.throwIfAborted();
        yield await rowStrip(model, page, row, g, thumbs);
      }
    }
  }
  const temp = join(dirname(path), `.loupe-sheet-${randomBytes(6).toString('hex')}.part`);
  try {
    await writePngStream(temp, g.width, g.height, strips(), signal === undefined ? {} : { signal });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return { path, width: g.width, height: g.height, cell: g.cell };
}
