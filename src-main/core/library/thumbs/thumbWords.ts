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
