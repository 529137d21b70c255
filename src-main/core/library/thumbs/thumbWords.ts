// Why a thumbnail could not be made, in words (thumb_message). sharp's own messages name libvips internals;
// they are matched, never shown.

/** A reason already in words. */
export class ThumbFailure extends Error {}

export function thumbFailureWords(error: unknown, maxPixels: number): string {
  if (error instanceof ThumbFailure) return error.message;
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message))
    return `The picture is too large to make a thumbnail of (over ${Math.round(maxPixels / 1_000_000)} megapixels).`;
  if (/unsupported image format/i.test(message)) return 'This file is not a picture Loupe can read.';
  return 'The picture is damaged: Loupe could not read it to make a thumbnail.';
}

/** Why a thumbnail was not made this time, though the picture may be fine: the next ask tries again. */
export function thumbUnavailableWords(error: unknown): string {
  if (error instanceof ThumbFailure) return error.message;
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return 'The disk is full, so the thumbnail could not be stored. Free some space and it is made on the next look.';
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM')
    return 'Loupe may not write its thumbnail cache (the folder is read-only). Check the data folder’s permissions.';
  if (code === 'download_corrupt')
    return 'The bytes the service sent do not match this output’s hash, so no thumbnail was made from them.';
  if (code === 'download_too_large')
    return 'The service sent more bytes than it announced, so the download was cut off. It is tried again on the next look.';
  if (code === 'download_incomplete')
    return 'The download ended early, so there is no thumbnail yet. It is tried again on the next look.';
  return 'The thumbnail could not be made this time. It is tried again on the next look.';
}
