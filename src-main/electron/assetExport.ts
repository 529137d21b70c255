// The Electron half of assets.saveToFolder and assets.dragOut: the folder picker (dialog) and the OS drag
// (webContents.startDrag), handed to core as plain functions so core never imports electron. Written against
// minimal interfaces; the checks at the end prove Electron's own types fit them.
import { statSync } from 'node:fs';
import type { Dialog, NativeImage, OpenDialogOptions, WebContents } from 'electron';
import type { PickFolder, StartDrag } from '../core/content';

export interface DialogLike {
  showOpenDialog(options: OpenDialogOptions): Promise<{ canceled: boolean; filePaths: string[] }>;
}

export interface DragSourceLike {
  startDrag(item: { file: string; files?: string[]; icon: NativeImage | string }): void;
  isDestroyed(): boolean;
}

/** The parts of `nativeImage` the drag icon needs. */
export interface NativeImageModuleLike {
  createFromPath(path: string): NativeImage;
  createFromDataURL(dataUrl: string): NativeImage;
}

/** A plain 32×32 tile: macOS refuses a drag with an empty icon, and most outputs are not images. */
const FALLBACK_ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAL0lEQVR42u3OIQEAAAgDMCIjiUBriHEzMb/q2U' +
  'sqAQEBAQEBAQEBAQEBAQGBdOAB72S8iGEAzpcAAAAASUVORK5CYII=';
/** Decoding a picture for its icon runs on main's thread: only modest files are worth the pause. */
const MAX_ICON_SOURCE_BYTES = 16 * 1024 * 1024;
const ICON_WIDTH = 64;

export function folderPicker(dialog: DialogLike): PickFolder {
  return async () => {
    const answer = await dialog.showOpenDialog({
      title: 'Save to folder',
      buttonLabel: 'Save here',
      properties: ['openDirectory', 'createDirectory'],
    });
    return answer.canceled ? null : (answer.filePaths[0] ?? null);
  };
}

function isDragSource(value: object): value is DragSourceLike {
  return (
    'startDrag' in value &&
    typeof value.startDrag === 'function' &&
    'isDestroyed' in value &&
    typeof value.isDestroyed === 'function'
  );
}

/** The caller is the IPC sender (ipcBinding.ts); anything else, or a closed window, starts nothing. */
export function dragStarter(icon: (file: string) => NativeImage | string): StartDrag {
  return (caller, file, more = []) => {
    if (!isDragSource(caller) || caller.isDestroyed()) return false;
    // `files` (Electron's own field) drags several at once; `file` still names the one the icon shows.
    caller.startDrag(
      more.length === 0 ? { file, icon: icon(file) } : { file, files: [file, ...more], icon: icon(file) },
    );
    return true;
  };
}

/** The picture itself, shrunk, when the file is one; a neutral tile otherwise. */
export function dragIcon(images: NativeImageModuleLike): (file: string) => NativeImage {
  const fallback = images.createFromDataURL(FALLBACK_ICON);
  return (file) => {
    const size = statSync(file, { throwIfNoEntry: false })?.size ?? Infinity;
    if (size > MAX_ICON_SOURCE_BYTES) return fallback;
    const image = images.createFromPath(file);
    return image.isEmpty() ? fallback : image.resize({ width: ICON_WIDTH });
  };
}

// Compile-time proof that Electron's own types satisfy the shapes above.
type Assert<T extends true> = T;
export type ElectronFitsAssetExport = [
  Assert<Dialog extends DialogLike ? true : false>,
  Assert<WebContents extends DragSourceLike ? true : false>,
];
