// File names for downloaded outputs. An output's name comes from the service ("audio/tone_00001.wav", or
// anything a hostile server chooses), so it is reduced to one plain file name inside the target directory:
// folders flattened (no traversal, no writing through a symlinked folder), control and bidi characters,
// reserved characters and Windows device names replaced, length bounded in bytes.

const reservedCharacters = /[<>:"|?*\\/]/g;
// eslint-disable-next-line no-control-regex -- replacing control characters is the point of this pattern.
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const windowsDeviceName = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
const maxNameBytes = 200;

function truncateBytes(text: string, maxBytes: number): string {
  let result = '';
  for (const char of text) {
    if (Buffer.byteLength(result + char) > maxBytes) break;
    result += char;
  }
  return result;
}

/** A safe single file name for `name`; `fallback` (an asset id) when nothing usable is left. */
export function safeFileName(name: string, fallback: string): string {
  const segments = name
    .split(/[\\/]+/)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  let flat = segments
    .join('_')
    .normalize('NFC')
    .replace(controlCharacters, '_')
    .replace(reservedCharacters, '_')
    // No hidden files and no names that are all dots; no trailing dots or spaces (Windows drops them).
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (windowsDeviceName.test(flat)) flat = `_${flat}`;
  const dot = flat.lastIndexOf('.');
  const extension = dot > 0 && flat.length - dot <= 16 ? flat.slice(dot) : '';
  const stem = extension === '' ? flat : flat.slice(0, dot);
  const bounded = truncateBytes(stem, maxNameBytes - Buffer.byteLength(extension)) + extension;
  if (bounded === '' || bounded === extension) {
    const safeFallback = fallback.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100) || 'output';
    return `output-${safeFallback}${extension}`;
  }
  return bounded;
}

/** `name`, or `stem (2).ext`, `stem (3).ext`… for the n-th attempt, to avoid overwriting an existing file. */
export function numberedName(name: string, attempt: number): string {
  if (attempt <= 1) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${attempt})${name.slice(dot)}` : `${name} (${attempt})`;
}
