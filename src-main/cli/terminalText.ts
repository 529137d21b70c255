// Untrusted text stays text (ARCHITECTURE rule 7). Server text (messages, names, labels, logs) could carry
// escape sequences that recolour the terminal, rewrite earlier lines, set the window title or plant an
// OSC 8 link; bidi controls can make a name read differently from what it is. Before such text reaches a
// terminal every control character is shown as a visible placeholder instead of being interpreted.

/** Bidi embeddings, overrides, isolates and marks, which reorder text without being visible. */
const bidiControls = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e]);
const isBidiIsolate = (code: number): boolean => code >= 0x2066 && code <= 0x2069;

function isControl(code: number): boolean {
  return code < 0x20 || code === 0x7f || (code >= 0x80 && code <= 0x9f);
}

function placeholder(code: number): string {
  // C0 controls have their own visible "control pictures" (U+2400 block): ESC shows as ␛, BEL as ␇.
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

export interface VisibleOptions {
  /** Keep line feeds and tabs (multi-line text such as logs and tracebacks). */
  multiline?: boolean;
}

/** The text with every control and bidi character replaced by a visible placeholder. */
export function visible(text: string, options: VisibleOptions = {}): string {
  let result = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (options.multiline === true && (char === '\n' || char === '\t')) result += char;
    else if (isControl(code) || bidiControls.has(code) || isBidiIsolate(code)) result += placeholder(code);
    else result += char;
  }
  return result;
}

/**
 * JSON for output. JSON.stringify escapes C0 controls but passes DEL, the C1 range (0x9b is a CSI on some
 * terminals) and bidi controls through raw; those are escaped too, which is still the same JSON value.
 */
export function safeJson(value: unknown, indent?: number): string {
  // JSON.stringify answers undefined (despite its type) for undefined and functions.
  const text = (JSON.stringify(value, null, indent) as string | undefined) ?? 'null';
  return text.replace(
    /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`,
  );
}
