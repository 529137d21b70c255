// The lightbox's list for a page: each cell's picture, row by row, so the lightbox's own ← → step to the
// neighbour across (and on to the next row at a row's end), and ↑ ↓ (added by the sheet) find the picture
// above or below in the same column.
import type { BatchItem, BatchOutput } from '../../../../src-shared/contract';
import type { GalleryItem } from '../../../components/gallery/galleryItem';
import { outputGalleryItems } from '../../../components/gallery/outputGalleryItems';
import type { SheetPage } from './sheetPage';

export interface SheetLightboxList {
  items: GalleryItem[];
  /** The cell each gallery item came from, by its key. */
  cellOf: ReadonlyMap<string, number>;
  /** The gallery item of each cell with a picture, by cell. */
  keyOf: ReadonlyMap<number, string>;
  /** The batch item of each gallery item, by its key (for the values beside the picture). */
  itemOf: ReadonlyMap<string, BatchItem>;
}

interface ListSource {
  page: SheetPage;
  imageOf: (item: BatchItem) => BatchOutput | null;
  base: string;
  profileId: string;
}

/** The lightbox key of a cell's picture: one picture per job, so the job names it. */
export function sheetImageKey(output: BatchOutput): string {
  return `sheet/${output.jobId}`;
}

export function sheetLightboxList({ page, imageOf, base, profileId }: ListSource): SheetLightboxList {
  const entries = page.cells.flatMap((item, cell) => {
    const output = item === null ? null : imageOf(item);
    return item === null || output === null ? [] : [{ cell, item, output }];
  });
  const positionOf = new Map(entries.map((entry) => [entry.output, entry.item.position]));
  const items = outputGalleryItems(
    entries.map((entry) => entry.output),
    {
      base,
      profileId,
      keyOf: sheetImageKey,
      originOf: (output) => {
        const position = positionOf.get(output);
        return {
          jobId: output.jobId,
          label: position === undefined ? output.jobId : `#${position + 1} · ${output.jobId}`,
        };
      },
    },
  );
  const cellOf = new Map<string, number>();
  const keyOf = new Map<number, string>();
  const itemOf = new Map<string, BatchItem>();
  items.forEach((galleryItem, index) => {
    const entry = entries[index];
    if (!entry) return;
    cellOf.set(galleryItem.key, entry.cell);
    keyOf.set(entry.cell, galleryItem.key);
    itemOf.set(galleryItem.key, entry.item);
  });
  return { items, cellOf, keyOf, itemOf };
}

/**
 * The picture above (step -1) or below (1) the one shown, in the same column: rows without one are passed
 * over, and past the last row it goes round to the first, as ← → go round the whole list.
 */
export function keyInColumn(
  list: SheetLightboxList,
  key: string,
  step: 1 | -1,
  rows: number,
  columns: number,
): string | null {
  const cell = list.cellOf.get(key);
  if (cell === undefined || columns === 0) return null;
  const row = Math.floor(cell / columns);
  const column = cell % columns;
  for (let offset = 1; offset < rows; offset += 1) {
    const next = (((row + step * offset) % rows) + rows) % rows;
    const found = list.keyOf.get(next * columns + column);
    if (found !== undefined) return found;
  }
  return null;
}
