// Where a dropped file's bytes can be read from. In Electron the preload can name a dropped file's real path
// (webUtils.getPathForFile), and main then hashes and streams it from disk (uploads.start). A page has no
// paths, so it hashes the File itself and hands the bytes to main over the browser shell's upload route
// (uploads.prepareBytes). The renderer never imports electron: Electron's paths arrive through the small
// bridge the preload exposes beside `window.loupe` (`window.loupeFiles`, src-shared/files.ts). Without the
// bridge, or for a file it cannot name, Electron takes the page's way like the browser shell.
import { z } from 'zod';
import type { AppInfo } from '../../../../src-shared/contract';
import type { LoupeFiles } from '../../../../src-shared/files';

export interface FileSource {
  /** Absolute paths for the files, in order; null when this window cannot name them all. */
  pathsFor(files: File[]): string[] | null;
}

/** The browser shell: a page never learns where a file lives. */
export const browserFileSource: FileSource = { pathsFor: () => null };

function isPathBridge(value: unknown): value is Pick<LoupeFiles, 'pathsFor'> {
  return (
    typeof value === 'object' && value !== null && 'pathsFor' in value && typeof value.pathsFor === 'function'
  );
}

/** The bridge answers '' for a file with no path (one the page made): then the page's way is the only way. */
const bridgePathsSchema = z.array(z.string().min(1).max(4096));

/** Electron through the preload's bridge, checked: what crosses contextBridge is read, not trusted. */
export function electronFileSource(bridge: unknown): FileSource {
  return {
    pathsFor: (files) => {
      if (!isPathBridge(bridge) || files.length === 0) return null;
      const parsed = bridgePathsSchema.safeParse(bridge.pathsFor(files));
      return parsed.success && parsed.data.length === files.length ? parsed.data : null;
    },
  };
}

export function fileSourceFor(shell: AppInfo['shell'] | undefined): FileSource {
  return shell === 'electron' ? electronFileSource(window.loupeFiles) : browserFileSource;
}
