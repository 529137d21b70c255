// A log as rows of at most `charsPerRow` characters: each line, and each long line cut into pieces, is one
// fixed-height row, so 100,000 lines or a single 5 MB line virtualize the same way. Controls and bidi
// characters are made visible first (rule 7), so what is measured is what is shown.
import { visibleText } from '../../../../lib/visibleText';

export interface LogRows {
  /** The whole log as shown (placeholders in, line breaks normalized). */
  text: string;
  starts: number[];
  ends: number[];
  /** The 1-based line number on a line's first row, 0 on the rows that continue it. */
  lineNumbers: number[];
  lineCount: number;
}

export function displayLogText(raw: string): string {
  // \r\n and a lone \r (progress bars redrawing a line) both end a line.
  return visibleText(raw.replace(/\r\n?/g, '\n'), { multiline: true });
}

export function countLines(text: string): number {
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < text.length - 1; at = text.indexOf('\n', at + 1))
    count += 1;
  return count;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

export function buildLogRows(text: string, charsPerRow: number): LogRows {
  const width = Math.max(1, Math.floor(charsPerRow));
  const starts: number[] = [];
  const ends: number[] = [];
  const lineNumbers: number[] = [];
  // A final line break ends the last line; it does not start an empty one.
  const length = text.endsWith('\n') ? text.length - 1 : text.length;
  let line = 0;
  let lineStart = 0;
  while (lineStart <= length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 || newline > length ? length : newline;
    line += 1;
    let position = lineStart;
    let first = true;
    do {
      let end = Math.min(position + width, lineEnd);
      // Never split a surrogate pair across rows.
      if (end < lineEnd && end > position + 1 && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
      starts.push(position);
      ends.push(end);
      lineNumbers.push(first ? line : 0);
      first = false;
      position = end;
    } while (position < lineEnd);
    if (lineEnd >= length) break;
    lineStart = lineEnd + 1;
  }
  return { text, starts, ends, lineNumbers, lineCount: line };
}
