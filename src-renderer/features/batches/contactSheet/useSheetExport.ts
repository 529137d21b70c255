// batches.exportSheet from the contact sheet's toolbar: main writes the sheet, on the axes shown, as one
// labelled PNG or one self-contained HTML page into where the batch export writes (the folder picked in
// Electron's dialog; a new folder under Downloads/Loupe in the browser shell).
import { useMutation } from '@tanstack/react-query';
import type { CallResultValue } from '../../../../src-shared/contract';
import { unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';

export type SheetExportResult = CallResultValue<'batches.exportSheet'>;
export type SheetFormat = 'png' | 'html';

export interface SheetExportChoice {
  format: SheetFormat;
  /** The input across (`3.seed`); the input down, or null for one row. */
  x: string;
  y: string | null;
}

export function useSheetExport(profileId: string, batchId: string) {
  const loupe = useLoupe();
  return useMutation({
    mutationKey: ['batch-sheet-export', profileId, batchId],
    mutationFn: ({ format, x, y }: SheetExportChoice): Promise<SheetExportResult> =>
      unwrap(loupe.batches.exportSheet({ profileId, batchId, x, format, ...(y === null ? {} : { y }) })),
  });
}
