// The library's keep calls: keep, keepMatching, unkeep, keepStatus, setBudget, keepRule, setKeepRule, export
// and dragOut. The dispatcher has validated the arguments with the contract's schemas (bounded id lists, a
// budget between 1 MB and 2^50); these handlers treat them as a stranger's all the same (rule 10): unknown
// ids are skipped, never created, and no call takes a path.
import { join } from 'node:path';
import type { LibraryExportResult } from '../../../../src-shared/contracts/library';
import type { AssetBytes } from '../../content/assetBytes';
import type { PickFolder, StartDrag } from '../../content/exportHandlers';
import { exportPlace } from '../../content/exportFolder';
import { DomainError } from '../../errors';
import type { CallCaller, CallHandlers } from '../../rpc/dispatcher';
import type { LoupeStore } from '../../store';
import { dragFileOf, exportEntries } from './libraryExport';
import type { LibraryKeep } from './libraryKeep';

export type KeepCallNames =
  | 'library.keep'
  | 'library.keepMatching'
  | 'library.unkeep'
  | 'library.keepStatus'
  | 'library.setBudget'
  | 'library.keepRule'
  | 'library.setKeepRule'
  | 'library.export'
  | 'library.dragOut';
export type KeepHandlers = Pick<CallHandlers, KeepCallNames>;

export interface KeepHandlerDeps {
  keep: LibraryKeep;
  store: LoupeStore;
  bytes: Pick<AssetBytes, 'read'>;
  /** Electron's folder dialog; null elsewhere. */
  pickFolder: PickFolder | null;
  /** Where a host without a dialog exports (the browser shell's Downloads/Loupe); null elsewhere. */
  exportRoot: string | null;
  startDrag: StartDrag | null;
  /** Where dragged files are written (<dataDir>/cache/drag-out). */
  dragDir: string;
}

export function createKeepHandlers(deps: KeepHandlerDeps): KeepHandlers {
  const exportDeps = { store: deps.store, keep: deps.keep, bytes: deps.bytes };
  return {
    'library.keep': ({ entryIds }) => ({ queued: deps.keep.keep(entryIds) }),

    // Facets only: a filter with search words is read by the search engine first (libraryHandlers.ts).
    'library.keepMatching': ({ query: _query, ...filter }) => ({ queued: deps.keep.keepMatching(filter) }),

    'library.unkeep': async ({ entryIds }) => ({ updated: await deps.keep.unkeep(entryIds) }),

    'library.keepStatus': () => deps.keep.status(),

    'library.setBudget': ({ budgetBytes }) => {
      deps.keep.settings.setBudget(budgetBytes);
      return deps.keep.status();
    },

    'library.keepRule': ({ profileId }) => ({ rule: deps.keep.settings.rule(profileId) }),

    'library.setKeepRule': ({ profileId, rule }) => ({ rule: deps.keep.setRule(profileId, rule) }),

    'library.export': async ({ entryIds }): Promise<LibraryExportResult> => {
      const place = await exportPlace(deps, 'Library');
      if (place === null)
        return { kind: 'not_available', message: 'This window has no folder to export into.' };
      const { folder } = place;
      if (folder === null) return { kind: 'cancelled' };
      const exported = await exportEntries(exportDeps, entryIds, folder);
      return {
        kind: 'saved',
        folder,
        saved: exported.filter((e) => e.file !== null).length,
        failed: exported.flatMap((e) => (e.error === null ? [] : [{ entryId: e.entryId, message: e.error }])),
      };
    },

    'library.dragOut': async ({ entryIds }, caller?: CallCaller) => {
      if (deps.startDrag === null) {
        throw new DomainError('not_available', 'Dragging files out works in the desktop app only.');
      }
      if (caller === undefined || caller === null) return { started: false };
      const files: string[] = [];
      for (const entryId of new Set(entryIds)) {
        const file = await dragFileOf(exportDeps, entryId, deps.dragDir);
        if (file !== null) files.push(file);
      }
      const [first, ...more] = files;
      if (first === undefined) return { started: false };
      return { started: await deps.startDrag(caller, first, more) };
    },
  };
}

/** <dataDir>/cache/drag-out, shared with assets.dragOut (its files are pruned after a day there). */
export function libraryDragDir(dataDir: string): string {
  return join(dataDir, 'cache', 'drag-out', 'library');
}
