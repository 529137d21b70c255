// Untrusted text can be huge (a 5 MB error message is one echo away from a 5 MB log line). Places that show it
// whole without virtualizing are given a bounded piece: laying out and shaping megabytes of text only to clip it
// froze the page for seconds. The whole text stays one click away (the log, the traceback's Copy).

/** A list row or the detail's two-line error summary: a few hundred characters is more than either shows. */
export const SUMMARY_CHARS = 500;
/** The Error tab's message and traceback: far more than a real traceback, far less than a freeze. */
export const ERROR_TEXT_CHARS = 100_000;

/** The text cut to at most `max` characters (and never inside a surrogate pair), with … when it was cut. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
