// Untrusted text stays text (ARCHITECTURE.md, rule 7). React already renders strings inert; what is left is
// the characters that act without being seen: C0/C1 controls (ESC starts ANSI and OSC sequences, NUL can cut
// text short elsewhere), bidi overrides and isolates that make text read differently from what it is, and
// zero-width or line-separator characters. Each becomes a visible placeholder.

// Everything below U+0020 except tab and line feed, DEL, C1, ALM, zero-width and directional marks, line and
// paragraph separators, embeddings and overrides, isolates, and the zero-width no-break space (BOM).
/* eslint-disable no-control-regex -- matching control characters is the point */
const INVISIBLE_MULTILINE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;
const INVISIBLE_SINGLE_LINE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;
/* eslint-enable no-control-regex */

function placeholder(char: string): string {
  const code = char.charCodeAt(0);
  // C0 controls have their own "control pictures" (U+2400 block): ESC shows as ␛, NUL as ␀.
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return `\u27e8U+${code.toString(16).toUpperCase().padStart(4, '0')}\u27e9`;
}

export interface VisibleOptions {
  /** Keep line feeds and tabs (logs, tracebacks); otherwise they are shown too. */
  multiline?: boolean;
}

/** The text with every control, bidi and invisible formatting character replaced by a visible placeholder. */
export function visibleText(text: string, options: VisibleOptions = {}): string {
  const pattern = options.multiline === true ? INVISIBLE_MULTILINE : INVISIBLE_SINGLE_LINE;
  pattern.lastIndex = 0;
  return text.replace(pattern, placeholder);
}
