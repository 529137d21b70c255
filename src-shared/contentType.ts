// The content_type sent with an upload, from the file's extension. The service computes its own view of the
// bytes; this only labels the common input kinds so a workflow's loaders recognise them. Unknown kinds go as
// application/octet-stream rather than a guess. Shared: uploads send it, and the library labels an upload's
// entry with it (store/facts/sourceEntryOf.ts), so the store does not reach into uploads for it.

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

/** The extension with its dot, as node:path's extname gives it ('' for none, and for a leading dot only). */
function extensionOf(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot);
}

export function contentTypeFor(fileName: string): string {
  return byExtension[extensionOf(fileName).toLowerCase()] ?? 'application/octet-stream';
}
