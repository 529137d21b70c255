// A media type for an upload, from the file extension. The service stores what it is told, and the type
// decides how the app previews the asset, so a guess for common inputs beats octet-stream everywhere.
import { extname } from 'node:path';

const byExtension: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.bmp': 'image/bmp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.txt': 'text/plain',
  '.json': 'application/json',
};

export function contentTypeFor(path: string): string {
  return byExtension[extname(path).toLowerCase()] ?? 'application/octet-stream';
}
