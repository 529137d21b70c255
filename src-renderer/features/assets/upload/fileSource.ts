// Where a dropped file's bytes are read. In Electron the preload turns the files of a real drop into grants
// (`window.loupeFiles`, src-shared/files.ts), and main hashes and streams each from disk (uploads.start). The
// page never sees a path. A page with no such bridge (the browser shell), or a file the bridge will not grant
// (one the page built, or not from a real drop), takes the page's way: it hashes the File itself and hands
// the bytes to main (uploads.prepareBytes). The renderer never imports electron.
import { z } from 'zod';
import { fileGrantSchema, type AppInfo } from '../../../../src-shared/contract';
import type { LoupeFiles } from '../../../../src-shared/files';

export interface FileSource {
  /** A grant id per file, in order; null when this window cannot get grants for them all. */
  grantsFor(files: File[]): Promise<string[] | null>;
}

/** The browser shell: a page never gets grants; it sends bytes. */
export const browserFileSource: FileSource = { grantsFor: () => Promise.resolve(null) };

function isGrantBridge(value: unknown): value is LoupeFiles {
  return (
    typeof value === 'object' &&
    value !== null &&
    'grantsFor' in value &&
    typeof value.grantsFor === 'function'
  );
}

const bridgeAnswerSchema = z.array(fileGrantSchema).nullable();

/** Electron through the preload's bridge, checked: what crosses contextBridge is read, not trusted. */
export function electronFileSource(bridge: unknown): FileSource {
  return {
    grantsFor: async (files) => {
      if (!isGrantBridge(bridge) || files.length === 0) return null;
      const parsed = bridgeAnswerSchema.safeParse(await bridge.grantsFor(files).catch(() => null));
      const grants = parsed.success ? parsed.data : null;
      return grants !== null && grants.length === files.length ? grants.map((g) => g.grant) : null;
    },
  };
}

export function fileSourceFor(shell: AppInfo['shell'] | undefined): FileSource {
  return shell === 'electron' ? electronFileSource(window.loupeFiles) : browserFileSource;
}
