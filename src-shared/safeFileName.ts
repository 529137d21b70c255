// The one safe-file-name function, for every place Loupe names a file on the user's disk from untrusted text
// (an output's name from the service, an asset's file_path): the CLI's downloads, "Save to folder", drag-out.
// The result names exactly one file in the chosen folder, and reads as what it is:
//   - only the last segment of a path (no separators, no `..`, nothing above the folder);
//   - no leading dots (no hidden files, nothing like `.bashrc`), no trailing dots or spaces (Windows drops them);
//   - no control, format or bidi characters (a name must not display as something else);
//   - none of the characters Windows refuses, and no reserved device name (CON, COM¹, LPT3.txt, …);
//   - at most 200 bytes of UTF-8, cut between graphemes, keeping a short extension.
// Nothing usable left: the fallback (an asset id), made safe the same way.

const MAX_NAME_BYTES = 200;
const MAX_EXTENSION_BYTES = 16;
/** Windows refuses these as a name's first part, whatever follows the first dot. */
const RESERVED_DEVICE = /^(con|prn|aux|nul|clock\$|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i;
/** Control (Cc) and format (Cf: bidi controls, zero-width characters) characters, and line separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
const WINDOWS_FORBIDDEN = /[<>:"|?*]/g;

const encoder = new TextEncoder();
const byteLength = (text: string): number => encoder.encode(text).byteLength;

// By grapheme, so a cut never splits an emoji or a letter from its accent.
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** `.png` of `photo.png`; '' when there is none (a dot at the start is not an extension). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}

function truncate(name: string): string {
  if (byteLength(name) <= MAX_NAME_BYTES) return name;
  const extension = extensionOf(name);
  const kept = byteLength(extension) <= MAX_EXTENSION_BYTES ? extension : '';
  let budget = MAX_NAME_BYTES - byteLength(kept);
  let stem = '';
  for (const { segment } of graphemes.segment(name.slice(0, name.length - kept.length))) {
    budget -= byteLength(segment);
    if (budget < 0) break;
    stem += segment;
  }
  return stem + kept;
}

function clean(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(WINDOWS_FORBIDDEN, '_')
    .replace(/^[.\s]+/u, '')
    .replace(/[.\s]+$/u, '');
  if (cleaned === '') return '';
  const firstPart = cleaned.split('.')[0] ?? '';
  return truncate(RESERVED_DEVICE.test(firstPart.trim()) ? `_${cleaned}` : cleaned);
}

/** A safe single file name for `name`; the fallback (an asset id) when nothing usable is left of it. */
export function safeFileName(name: string | null, fallback: string): string {
  return clean(name ?? '') || clean(fallback) || 'asset';
}

/** `photo.png`, `photo (2).png`, `photo (3).png`, … for the n-th try at a free name. */
export function numberedName(name: string, n: number): string {
  if (n <= 1) return name;
  const extension = extensionOf(name);
  return `${name.slice(0, name.length - extension.length)} (${n})${extension}`;
}
