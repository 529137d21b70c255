// What kind of medium a content type is, and the extension its saved file gets. The file name on disk is Loupe's
// own (`<index><extension>`), never a name from the service.
import type { StoredMedia } from '../store';

const extensions: Readonly<Record<string, string>> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'image/gif': '.gif',
  'image/avif': '.avif',
  'audio/wav': '.wav',
  'audio/x-wav': '.wav',
  'audio/wave': '.wav',
  'audio/mpeg': '.mp3',
  'audio/mp4': '.m4a',
  'audio/ogg': '.ogg',
  'audio/flac': '.flac',
  'audio/webm': '.weba',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'video/quicktime': '.mov',
  'application/json': '.json',
  'text/plain': '.txt',
};

export function essenceOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

export function extensionFor(contentType: string): string {
  return extensions[essenceOf(contentType)] ?? '.bin';
}

export function mediaKindOf(contentType: string): StoredMedia['kind'] {
  const essence = essenceOf(contentType);
  if (essence.startsWith('image/')) return 'image';
  if (essence.startsWith('audio/')) return 'audio';
  if (essence.startsWith('video/')) return 'video';
  return 'file';
}

/** Only pictures, sounds and clips are fetched from links an output gives. */
export function isMediaType(contentType: string): boolean {
  return mediaKindOf(contentType) !== 'file';
}

/** The extensions a link's path may end in for it to count as a medium when no content type is given. */
const linkExtensions: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.flac': 'audio/flac',
  '.m4a': 'audio/mp4',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
};

export function typeFromPath(pathname: string): string | null {
  const dot = pathname.lastIndexOf('.');
  return dot < 0 ? null : (linkExtensions[pathname.slice(dot).toLowerCase()] ?? null);
}
