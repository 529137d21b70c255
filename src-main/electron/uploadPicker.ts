// The Electron half of uploads.pickFiles: main's own open dialog. What the user picks becomes grants in core
// (core/uploads/fileGrants.ts); the page only ever sees the grants.
import type { OpenDialogOptions } from 'electron';
import type { PickFiles } from '../core/uploads';
import type { DialogLike } from './assetExport';

export function uploadPicker(dialog: DialogLike): PickFiles {
  return async (kind) => {
    const properties: OpenDialogOptions['properties'] =
      kind === 'folder' ? ['openDirectory'] : ['openFile', 'multiSelections'];
    const answer = await dialog.showOpenDialog({
      title: kind === 'folder' ? 'Upload a folder' : 'Upload files',
      buttonLabel: 'Upload',
      properties,
    });
    return answer.canceled || answer.filePaths.length === 0 ? null : answer.filePaths;
  };
}
