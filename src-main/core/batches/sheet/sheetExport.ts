// A batch's contact sheet written to a file, as a labelled PNG or a self-contained HTML page; shared by the
// CLI (`loupe batch sheet`) and the app's contract call (batches.exportSheet). Pictures come through
// AssetBytes (the disk cache first), each read whole but capped, one at a time.
import type { AssetBytes } from '../../content/assetBytes';
import { DomainError } from '../../errors';
import type { LoupeStore } from '../../store';
import { writeSheetHtml } from './sheetHtml';
import { writeSheetImage, type ThumbSource } from './sheetImage';
import { buildSheetModel } from './sheetModel';

/** A picture read for a thumbnail at most. */
const MAX_PICTURE_BYTES = 64 * 1024 * 1024;

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

async function readCapped(body: ReadableStream<Uint8Array>): Promise<Buffer | null> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const part of body) {
    size += part.length;
    if (size > MAX_PICTURE_BYTES) {
      await body.cancel().catch(() => undefined);
      return null;
    }
    parts.push(part);
  }
  return Buffer.concat(parts);
}

export function assetThumbs(deps: SheetExportDeps, signal?: AbortSignal): ThumbSource {
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
    return readCapped(reply.body);
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
