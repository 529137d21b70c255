import { useMemo } from 'react';
import type { BatchDetail } from '../../../../src-shared/contract';
import { LoadingNote } from '../../../components/LoadingNote';
import { QueryErrorNotice } from '../../../components/QueryErrorNotice';
import { useAssetBase } from '../../../queries/assetQueries';
import { plural } from '../batchCounts';
import { useBatchesUi, type SheetCellSize } from '../batchesUiStore';
import { sheetLayout } from './sheetAxes';
import { choiceOf, resolveSheet, type ResolvedSheet } from './sheetChoice';
import { firstImages, sheetPage, type SheetPage } from './sheetPage';
import { SheetExportButton, SheetExportOutcome } from './SheetExport';
import { SheetToolbar } from './SheetToolbar';
import { useSheetExport } from './useSheetExport';
import { SheetView } from './SheetView';

/** A cell's inner size, in CSS pixels. */
export const CELL_PX: Record<SheetCellSize, number> = { small: 96, medium: 144, large: 224 };

interface ContactSheetProps {
  batch: BatchDetail;
  profileId: string;
  onOpenJob: (jobId: string) => void;
}

function summaryOf(page: SheetPage, pictures: number): string {
  const shape = `${page.columns.length} × ${page.rows.length}`;
  const hidden = page.hidden > 0 ? ` · ${plural(page.hidden, 'item')} with the same values not shown` : '';
  return `${shape} · ${plural(pictures, 'picture')}${hidden}`;
}

/** Which page is shown, as a key: another X, Y or page is another SheetView (cursor and lightbox start over). */
function pageKey(sheet: ResolvedSheet): string {
  return `${sheet.x}/${sheet.y ?? '-'}/${sheet.filters.map((filter) => filter.value).join(',')}`;
}

/**
 * The batch's items laid out on its axes: X across, Y down, any other axis held at one value (a page). Each
 * cell is one item's picture, or where it stands while it has none. The layout chosen is kept per batch in
 * the UI store; the batch itself is React Query's, read again as its jobs change.
 */
export function ContactSheet({ batch, profileId, onOpenJob }: ContactSheetProps) {
  const layout = useMemo(
    () => sheetLayout(batch.items, batch.axes, batch.zip),
    [batch.items, batch.axes, batch.zip],
  );
  const saved = useBatchesUi((state) => state.sheetChoices.get(batch.id));
  const setSheetChoice = useBatchesUi((state) => state.setSheetChoice);
  const size = useBatchesUi((state) => state.sheetCellSize);
  const setSize = useBatchesUi((state) => state.setSheetCellSize);
  const sheet = useMemo(() => resolveSheet(layout.axes, saved), [layout.axes, saved]);
  const page = useMemo(() => sheetPage(batch.items, layout, sheet), [batch.items, layout, sheet]);
  const images = useMemo(() => firstImages(batch.outputs), [batch.outputs]);
  const pictures = useMemo(
    () => page.cells.filter((item) => item !== null && item.jobId !== null && images.has(item.jobId)).length,
    [page, images],
  );
  const base = useAssetBase(profileId);
  const xTarget = layout.axes[sheet.x]?.target ?? '';
  const yTarget = sheet.y === null ? null : (layout.axes[sheet.y]?.target ?? null);
  const exporting = useSheetExport(profileId, batch.id);
  const exportAxes = useMemo(() => {
    const input = (axis: number | null) => {
      const entry = axis === null ? undefined : layout.axes[axis];
      return entry === undefined ? null : (entry.inputs?.[0] ?? entry.target);
    };
    const x = input(sheet.x);
    return x === null ? null : { x, y: input(sheet.y) };
  }, [layout.axes, sheet.x, sheet.y]);

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="contact-sheet-view">
      <SheetToolbar
        axes={layout.axes}
        sheet={sheet}
        onChange={(next) => setSheetChoice(batch.id, choiceOf(layout.axes, next))}
        size={size}
        onSize={setSize}
        summary={summaryOf(page, pictures)}
        actions={<SheetExportButton exporting={exporting} axes={exportAxes} />}
      />
      <SheetExportOutcome exporting={exporting} />
      {base.isPending ? (
        <LoadingNote>Loading the contact sheet…</LoadingNote>
      ) : base.isError ? (
        <QueryErrorNotice doing="find where this window loads output files from" query={base} />
      ) : (
        <SheetView
          key={pageKey(sheet)}
          page={page}
          xTarget={xTarget}
          yTarget={yTarget}
          size={CELL_PX[size]}
          images={images}
          base={base.data}
          profileId={profileId}
          onOpenJob={onOpenJob}
        />
      )}
    </div>
  );
}
