// Where the renderer loads an asset's bytes: the host's asset route (`loupe-asset://` in Electron,
// `/asset-bytes/<capability>/` in the browser shell), never a service URL. The base comes from `assets.base`
// (queries/assetQueries.ts: useAssetBase); the route names its profile in the path, so a URL stays right
// whichever profile is active when it loads.

/** `${base}${profileId}/${assetId}`, each segment escaped so an id can never add a path segment. */
export function assetUrl(base: string, profileId: string, assetId: string): string {
  return `${base}${encodeURIComponent(profileId)}/${encodeURIComponent(assetId)}`;
}

/**
 * Where the asset's thumbnail comes from: main's thumbnail route beside the asset route (WebP, 384 px on the
 * long side, made once per hash). Grids load these, never the original; Compare shows one while the original
 * is on its way. `${base}${profileId}/thumbs/${assetId}`, each segment escaped like assetUrl's.
 */
export function thumbUrl(base: string, profileId: string, assetId: string): string {
  return `${base}${encodeURIComponent(profileId)}/thumbs/${encodeURIComponent(assetId)}`;
}

/**
 * The same URL asked for again (Retry after a failed load): the route reads only the path, so the query
 * changes nothing but the browser's idea of "the same request", and a failed answer is not reused.
 */
export function withAttempt(url: string, attempt: number): string {
  if (attempt <= 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}attempt=${attempt}`;
}

/** A grid's picture: its thumbnail (`'small'`), or the original for when there is no thumbnail yet. */
export function sizedAssetUrl(
  size: 'small' | 'original',
  base: string,
  profileId: string,
  assetId: string,
): string {
  return (size === 'small' ? thumbUrl : assetUrl)(base, profileId, assetId);
}
