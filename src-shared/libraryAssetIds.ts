// A library entry of a Router run's saved medium is named, like every entry, by (profile, asset id); its asset
// id names the run and the medium's index. Main builds it when indexing; the window reads it back to load the
// medium from the asset route's `router-media` sub-path (the service has no such asset to ask for).

/** A Router medium's asset id: unique in its profile, and never a shape the service gives its own assets. */
export function routerAssetId(runId: string, index: number): string {
  return `router:${runId}:${index}`;
}

/** The run and index a Router entry's asset id names, or null when it is not one. */
export function routerMediumOf(assetId: string): { runId: string; index: number } | null {
  const match = /^router:(.+):(0|[1-9][0-9]{0,3})$/.exec(assetId);
  const runId = match?.[1];
  return match === null || runId === undefined ? null : { runId, index: Number(match[2]) };
}
