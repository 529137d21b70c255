// The asset route's sub-path for a Router run's saved media: `<assetBase><profileId>/router-media/<runId>/<index>`
// (Electron: loupe-asset://<profileId>/router-media/…; browser shell: /asset-bytes/<capability>/<profileId>/…),
// served by the same responder, under the same capability, with the same headers as asset bytes. The path names a
// run and an index, never a file: the file is found through the store, so no path text reaches the disk.
import { routerRunIdSchema } from '../../../src-shared/contracts/models';
import type { CachedFile } from './diskCache';

export const ROUTER_MEDIA_SEGMENT = 'router-media';
/** A plain number of at most four digits, no sign, no leading zero: far above any real output's media count. */
const indexPattern = /^(0|[1-9][0-9]{0,3})$/;

export interface RouterMediaTarget {
  runId: string;
  index: number;
}

/** Where a run's saved media are read from (core/router keeps them); null when this profile has no such file. */
export interface RouterMediaSource {
  open(profileId: string, runId: string, index: number): Promise<CachedFile | null>;
}

/** The segments after the profile: `router-media`, the run id, the index. Null for anything else. */
export function routerMediaTargetOf(segments: readonly string[]): RouterMediaTarget | null {
  if (segments.length !== 3 || segments[0] !== ROUTER_MEDIA_SEGMENT) return null;
  const [, runId = '', index = ''] = segments;
  if (runId === '.' || runId === '..' || !routerRunIdSchema.safeParse(runId).success) return null;
  if (!indexPattern.test(index)) return null;
  return { runId, index: Number(index) };
}

/** The path the renderer appends to the asset base for one medium of a run. */
export function routerMediaPath(profileId: string, runId: string, index: number): string {
  return `${encodeURIComponent(profileId)}/${ROUTER_MEDIA_SEGMENT}/${encodeURIComponent(runId)}/${index}`;
}
