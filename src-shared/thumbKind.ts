// Which outputs have a thumbnail, and of what kind: one rule for main (which makes them) and the window (which
// asks for them only where one can exist, and otherwise says calmly that this kind has no preview, rather than
// reporting a failure). Pictures are resized, audio gets a waveform, video a poster frame.

export type ThumbKind = 'picture' | 'waveform' | 'poster';

/** The thumbnail an output of this type can have, or null when its kind has none (latents, text, …). */
export function thumbKindOf(type: string, contentType: string): ThumbKind | null {
  if (type === 'video' || contentType.startsWith('video/')) return 'poster';
  if (type === 'audio' || contentType.startsWith('audio/')) return 'waveform';
  if (type === 'image' || contentType.startsWith('image/')) return 'picture';
  return null;
}
