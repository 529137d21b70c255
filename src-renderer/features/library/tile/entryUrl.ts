// Where a library entry's original bytes load from: the asset route for a job's output or an upload (the
// service's asset, or main's kept copy), and the route's `router-media` sub-path for a Router run's saved
// medium (its bytes are on this disk; the service has no such asset).
import type { LibraryEntry } from '../../../../src-shared/contract';
import { routerMediumOf } from '../../../../src-shared/libraryAssetIds';
import { assetUrl } from '../../../lib/assetUrl';

export function entryBytesUrl(
  base: string,
  entry: Pick<LibraryEntry, 'source' | 'profileId' | 'assetId'>,
): string {
  const medium = entry.source === 'router' ? routerMediumOf(entry.assetId) : null;
  if (medium === null) return assetUrl(base, entry.profileId, entry.assetId);
  return `${base}${encodeURIComponent(entry.profileId)}/router-media/${encodeURIComponent(medium.runId)}/${medium.index}`;
}
