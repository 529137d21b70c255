// Where a tile's picture comes from: main's thumbnail route beside the asset route (WebP, 384 px on the long
// side, made once per hash). Grids load these, never the original.

/** `${base}${profileId}/thumbs/${assetId}`, each segment escaped so an id can never add a path segment. */
export function thumbUrl(base: string, profileId: string, assetId: string): string {
  return `${base}${encodeURIComponent(profileId)}/thumbs/${encodeURIComponent(assetId)}`;
}
