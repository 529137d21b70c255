// Grants for what the user really dropped (ARCHITECTURE rule 10). The preload watches drops itself, in its
// own world, and notes the paths of files in a *trusted* drop (`isTrusted` is false for any event a script
// dispatched). When the page then asks for grants for some File objects, each must name a path that such a
// drop carried moments ago (webUtils.getPathForFile gives '' for a File built by script); only then does
// main mint grants. Each noted path is used once.
import type { FileGrant } from '../src-shared/contract';
import type { CallResult } from '../src-shared/protocol';

/** What a drop event offers: whether the browser made it, and its files. */
export interface DropLike {
  readonly isTrusted: boolean;
  readonly dataTransfer: { readonly files: ArrayLike<File> } | null;
}

export interface DropGrantDeps {
  /** webUtils.getPathForFile: the file's real path, '' when it has none. */
  pathFor(file: File): string;
  /** Asks main (files.grantDropped) for a grant per path. */
  mint(paths: string[]): Promise<CallResult<{ grants: FileGrant[] }>>;
  now?: () => number;
  /** How long after a drop its files can still be granted (default 60 s). */
  windowMs?: number;
}

export interface DropGrants {
  /** The drop listener (capture phase on window, so it runs before the page's own handlers). */
  onDrop(event: DropLike): void;
  grantsFor(files: readonly File[]): Promise<FileGrant[] | null>;
}

export function createDropGrants(deps: DropGrantDeps): DropGrants {
  const now = deps.now ?? Date.now;
  const windowMs = deps.windowMs ?? 60_000;
  /** Paths of recently and truly dropped files, with when they were dropped. */
  const dropped = new Map<string, number>();
  const forgetOld = (): void => {
    for (const [path, at] of dropped) if (now() - at > windowMs) dropped.delete(path);
  };
  return {
    onDrop: (event) => {
      if (!event.isTrusted || event.dataTransfer === null) return;
      forgetOld();
      for (const file of Array.from(event.dataTransfer.files)) {
        const path = deps.pathFor(file);
        if (path !== '') dropped.set(path, now());
      }
    },
    grantsFor: async (files) => {
      forgetOld();
      if (files.length === 0) return null;
      const paths = files.map((file) => deps.pathFor(file));
      if (paths.some((path) => path === '' || !dropped.has(path))) return null;
      for (const path of paths) dropped.delete(path);
      const answer = await deps.mint(paths);
      return answer.ok && answer.value.grants.length === files.length ? answer.value.grants : null;
    },
  };
}
