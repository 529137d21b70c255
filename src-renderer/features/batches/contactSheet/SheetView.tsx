import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BatchItem, BatchOutput } from '../../../../src-shared/contract';
import { sizedAssetUrl } from '../../../lib/assetUrl';
import { SheetGrid } from './SheetGrid';
import { SheetLightbox } from './SheetLightbox';
import { sheetImageKey, sheetLightboxList } from './sheetLightbox';
import type { SheetPage } from './sheetPage';
import { useSheetCursor } from './useSheetCursor';

interface SheetViewProps {
  page: SheetPage;
  xTarget: string;
  yTarget: string | null;
  size: number;
  /** Each job's first image. */
  images: ReadonlyMap<string, BatchOutput>;
  base: string;
  profileId: string;
  onOpenJob: (jobId: string) => void;
}

/**
 * One page: the grid with its keyboard cursor, and the lightbox over the page's pictures. Keyed by page by
 * its parent, so another X, Y or page starts at the first cell with the lightbox closed.
 */
export function SheetView({
  page,
  xTarget,
  yTarget,
  size,
  images,
  base,
  profileId,
  onOpenJob,
}: SheetViewProps) {
  const [openKey, setOpenKey] = useState<string | null>(null);
  const imageOf = useCallback(
    (item: BatchItem) => (item.jobId === null ? null : (images.get(item.jobId) ?? null)),
    [images],
  );
  const imageUrlOf = useCallback(
    (item: BatchItem, size: 'small' | 'original' = 'small') => {
      const image = imageOf(item);
      // The library's small thumbnail in a cell, never the original: a 1,000-cell sheet of 4K pictures
      // would decode a thousand of them whole. The original is the fallback while there is no thumbnail.
      return image === null ? null : sizedAssetUrl(size, base, profileId, image.assetId);
    },
    [imageOf, base, profileId],
  );

  // The cells' onOpen stays one function for the page's life, so a re-read batch does not re-render every
  // memoised cell just to hand it a new one.
  const latest = useRef({ page, imageOf });
  useEffect(() => {
    latest.current = { page, imageOf };
  });
  const openCell = useCallback((cell: number) => {
    const item = latest.current.page.cells[cell] ?? null;
    const image = item === null ? null : latest.current.imageOf(item);
    if (image !== null) setOpenKey(sheetImageKey(image));
  }, []);

  const rows = page.rows.length;
  const columns = page.columns.length;
  const { cursor, gridRef, moveTo, onKeyDown } = useSheetCursor(rows, columns, openCell);
  const open = openKey !== null;
  const list = useMemo(
    () => (open ? sheetLightboxList({ page, imageOf, base, profileId }) : null),
    [open, page, imageOf, base, profileId],
  );
  const onFocusCell = useCallback((cell: number) => moveTo(cell, false), [moveTo]);

  return (
    <>
      <SheetGrid
        page={page}
        xTarget={xTarget}
        yTarget={yTarget}
        size={size}
        imageUrlOf={imageUrlOf}
        cursor={cursor}
        gridRef={gridRef}
        onKeyDown={onKeyDown}
        onFocusCell={onFocusCell}
        onOpen={openCell}
      />
      {openKey !== null && list !== null ? (
        <SheetLightbox
          list={list}
          openKey={openKey}
          rows={rows}
          columns={columns}
          yTarget={yTarget}
          onMove={(key) => {
            setOpenKey(key);
            // The cursor follows, so closing the lightbox leaves focus on the picture last seen.
            const cell = list.cellOf.get(key);
            if (cell !== undefined) moveTo(cell, false);
          }}
          onClose={() => setOpenKey(null)}
          cellElement={(key) => {
            const cell = list.cellOf.get(key);
            return cell === undefined
              ? null
              : (gridRef.current?.querySelector<HTMLElement>(`[data-cell="${cell}"]`) ?? null);
          }}
          onOpenJob={onOpenJob}
        />
      ) : null}
    </>
  );
}
