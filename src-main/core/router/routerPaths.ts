// Where the Router's local files live under the data folder: each profile's openapi.json cache (documents
// differ between services) and each run's saved media. Folder names come from ids the store holds, never from
// a caller: a plain id is used as it is, anything else (dots, slashes, odd characters) is hashed, so no id can
// name a folder outside its parent.
import { createHash } from 'node:crypto';
import { join, resolve, sep } from 'node:path';

const plainId = /^[A-Za-z0-9_-]{1,100}$/;

/** A folder name for an id; `x.` cannot begin a plain id, so a hashed name never collides with one. */
export function folderNameOf(id: string): string {
  return plainId.test(id) ? id : `x.${createHash('sha256').update(id).digest('hex').slice(0, 40)}`;
}

export class RouterPaths {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir);
  }

  /** The profile's openapi.json documents, one file per model (DiskOpenApiCache). */
  openApiDir(profileId: string): string {
    return join(this.root, 'cache', 'router-openapi', folderNameOf(profileId));
  }

  mediaRoot(): string {
    return join(this.root, 'router-media');
  }

  /** One run's saved media: paid results, kept with the data rather than in a cache that may be emptied. */
  mediaDir(profileId: string, runId: string): string {
    return join(this.mediaRoot(), folderNameOf(profileId), folderNameOf(runId));
  }

  /** A file of a run's media folder, or null when the name would leave it. */
  mediaFile(profileId: string, runId: string, fileName: string): string | null {
    const dir = this.mediaDir(profileId, runId);
    const path = resolve(dir, fileName);
    return path.startsWith(dir + sep) && !fileName.includes('/') && !fileName.includes('\\') ? path : null;
  }
}
