/** Saves text as a file through the browser's download (a Blob URL, released right after). */
export function downloadText(text: string, fileName: string, type = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name made only of safe characters, from an id that may contain anything. */
export function safeFileStem(text: string): string {
  const stem = text.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return stem.slice(0, 80) || 'job';
}
