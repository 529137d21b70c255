// The content_type sent with an upload, from the file's extension. The service computes its own view of the
// bytes; this only labels the common input kinds so a workflow's loaders recognise them. Unknown kinds go as
// application/octet-stream rather than a guess.
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
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.mkv': 'video/x-matroska',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.safetensors': 'application/octet-stream',
};

export function contentTypeFor(fileName: string): string {
  return byExtension[extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}
