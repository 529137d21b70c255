// Sweep text as the planner reads it (core/plan/sweepSpec): `NODE.INPUT=SPEC`, where SPEC is a range
// (`1..8`, `0.5..2:0.25`), a list (`a,b,c`, `\,` for a comma inside a value) or one value. The page writes
// sweeps for the user in two places: the first guess when an input is clicked, and a list from a text file's
// lines (the app has no `@file`: main reads no path a page names). Main trims each list value.

/** How many values a first guess spans: enough to see the axis vary, few enough to stay cheap. */
const GUESS_COUNT = 4;
const FLOAT_STEP = 0.5;

/** Trims the float noise a sum leaves (0.1 + 1.5 = 1.6000000000000001) without changing a real value. */
function tidy(value: number): number {
  return Number(value.toPrecision(12));
}

/** One value written so the planner reads it back as exactly this text, never as a list or a range. */
export function escapeListValue(text: string): string {
  let escaped = text.replace(/[\\,]/g, (char) => `\\${char}`);
  if (escaped.startsWith('@')) escaped = `\\${escaped}`;
  // Only text that could pass for a range needs its dots kept plain; elsewhere `\.` would only be noise.
  if (escaped.includes('..')) escaped = escaped.replace(/\./g, '\\.');
  return escaped;
}

/** A sensible first SPEC from an input's current value: a short run of numbers, both booleans, or the text. */
export function guessSpec(value: string | number | boolean): string {
  if (typeof value === 'boolean') return 'true,false';
  if (typeof value === 'string') return escapeListValue(value);
  if (Number.isInteger(value)) return `${value}..${value + GUESS_COUNT - 1}`;
  const last = tidy(value + FLOAT_STEP * (GUESS_COUNT - 1));
  return `${value}..${last}:${FLOAT_STEP}`;
}

export function sweepFor(target: string, value: string | number | boolean): string {
  return `${target}=${guessSpec(value)}`;
}

/** The `NODE.INPUT` a sweep names (before its `=`), trimmed; null while there is no `=` yet. */
export function sweepTarget(text: string): string | null {
  const equals = text.indexOf('=');
  return equals === -1 ? null : text.slice(0, equals).trim();
}

/** A text file's non-blank lines as a list SPEC, each line one value as written. */
export function listFromLines(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== '')
    .map(escapeListValue)
    .join(',');
}

/** The sweep with its SPEC replaced, keeping what it targets (all of its text, while it has no `=` yet). */
export function withSpec(text: string, spec: string): string {
  const target = sweepTarget(text) ?? text.trim();
  return `${target}=${spec}`;
}
