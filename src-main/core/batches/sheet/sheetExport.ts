// A batch's contact sheet written to a file, as a labelled PNG or a self-contained HTML page; shared by the
// CLI (`loupe batch sheet`) and the app's contract call (batches.exportSheet). Pictures come through
// AssetBytes (the disk cache first), each read whole but capped, one at a time.
import { Readable } from 'node:stream';
import type { AssetBytes } from '../../content/assetBytes';
import { readWholeChecked } from '../../content/checkedDownload';
import { DomainError } from '../../errors';
import type { LoupeStore } from '../../store';
import { writeSheetHtml } from './sheetHtml';
import { writeSheetImage, type ThumbSource } from './sheetImage';
import { buildSheetModel } from './sheetModel';

/** A picture read for a thumbnail at most. */
const MAX_PICTURE_BYTES = 64 * 1024 * 1024;
/** How long a cell's picture may send nothing before its cell is left empty. */
export const SHEET_PICTURE_IDLE_MS = 20_000;

export interface SheetExportDeps {
  store: LoupeStore;
  bytes: Pick<AssetBytes, 'read'>;
  profileId: string;
}

export interface SheetExportRequest {
  batchId: string;
  x: string | null;
  y: string | null;
  format: 'png' | 'html';
  path: string;
  signal?: AbortSignal;
}

export interface SheetExportResult {
  path: string;
  format: 'png' | 'html';
  cells: number;
  width: number | null;
  height: number | null;
}

/**
 * Each cell's picture, read whole under the download checks (content/checkedDownload.ts): at most 64 MiB, no
 * more than the answer announced, cut off after `idleMs` of silence. A picture that cannot be had (the service
 * broke off, went silent or sent too much) leaves its cell empty and the sheet goes on; only the caller's
 * cancel stops it.
 */
export function assetThumbs(
  deps: SheetExportDeps,
  signal?: AbortSignal,
  idleMs: number = SHEET_PICTURE_IDLE_MS,
): ThumbSource {
  return async (cell) => {
    if (cell.image === null) return null;
    const reply = await deps.bytes.read({
      profileId: deps.profileId,
      assetId: cell.image.assetId,
      range: null,
      headOnly: false,
      ...(signal === undefined ? {} : { signal }),
    });
    if (reply.status !== 200 || reply.body === null) {
      await reply.body?.cancel();
      return null;
    }
    if ((reply.contentLength ?? 0) > MAX_PICTURE_BYTES) {
      await reply.body.cancel().catch(() => undefined);
      return null;
    }
    try {
      const { bytes } = await readWholeChecked(Readable.fromWeb(reply.body), {
        expectedHash: null,
        expectedSize: reply.contentLength,
        maxBytes: reply.contentLength ?? MAX_PICTURE_BYTES,
        idleMs,
        ...(signal === undefined ? {} : { signal }),
      });
      return bytes;
    } catch (error) {
      if (signal?.aborted === true) throw error;
      return null;
    }
  };
}

export async function exportSheet(
  deps: SheetExportDeps,
  request: SheetExportRequest,
): Promise<SheetExportResult> {
  const model = buildSheetModel(deps.store, deps.profileId, request.batchId, request.x, request.y);
  if (model.items.length === 0) throw new DomainError('sheet_empty', 'This batch has no items to lay out.');
  const thumbs = assetThumbs(deps, request.signal);
  const cells = model.items.length;
  if (request.format === 'html') {
    const written = await writeSheetHtml(model, thumbs, request.path);
    return { path: written.path, format: 'html', cells, width: null, height: null };
  }
  const written = await writeSheetImage(
    model,
    thumbs,
    request.path,
    request.signal === undefined ? {} : { signal: request.signal },
  );
  return { path: written.path, format: 'png', cells, width: written.width, height: written.height };
}
