// The library's search box as typed, read into words and field filters. It never throws on what a person
// types: a filter it cannot read is said in words (queryProblems) and the rest of the query still applies.
// Words here are only text; they reach SQLite's MATCH through ftsQuery.ts, which quotes every one of them.

export type NumberField = 'seed' | 'cfg' | 'steps' | 'rating' | 'width' | 'height';
export type TextField = 'model' | 'sampler' | 'type' | 'source' | 'tag' | 'batch' | 'profile';
export type Comparison = '=' | '>' | '>=' | '<' | '<=';

export type FieldFilter =
  | { field: NumberField; op: Comparison; value: number }
  | { field: TextField; value: string }
  | { field: 'kept'; value: boolean };

export interface SearchTerm {
  text: string;
  /** Matches words that start with it (`light*`, or the last word while typing). */
  prefix: boolean;
}

export interface ParsedQuery {
  terms: SearchTerm[];
  filters: FieldFilter[];
  problems: string[];
}

const numberFields: ReadonlySet<string> = new Set(['seed', 'cfg', 'steps', 'rating', 'width', 'height']);
const textFields: ReadonlySet<string> = new Set([
  'model',
  'sampler',
  'type',
  'source',
  'tag',
  'batch',
  'profile',
]);

/** Bounds: the contract caps the text at 500 characters; these cap what one query may ask of SQLite. */
const MAX_TERMS = 24;
const MAX_FILTERS = 16;
const MAX_VALUE_CHARS = 120;
/** A last word shorter than this is not taken as a prefix while typing (one letter would match everything). */
const MIN_TYPING_PREFIX = 2;

interface Token {
  text: string;
  quoted: boolean;
  /** The token ended the text with no space after it: the person may still be typing it. */
  last: boolean;
}

/** Splits on white space; `"…"` keeps a phrase (an unclosed quote runs to the end), also after `field:`. */
function tokensOf(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    while (i < query.length && /\s/.test(query.charAt(i))) i++;
    if (i >= query.length) break;
    let text = '';
    let quoted = false;
    while (i < query.length && !/\s/.test(query.charAt(i))) {
      if (query.charAt(i) === '"') {
        const close = query.indexOf('"', i + 1);
        const end = close === -1 ? query.length : close;
        text += query.slice(i + 1, end);
        quoted = true;
        i = close === -1 ? query.length : close + 1;
      } else {
        text += query.charAt(i);
        i++;
      }
    }
    tokens.push({ text, quoted, last: i >= query.length });
  }
  return tokens;
}

const hasWordCharacter = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);

function comparisonOf(text: string): { op: Comparison; rest: string } {
  for (const op of ['>=', '<=', '>', '<', '='] as const) {
    if (text.startsWith(op)) return { op, rest: text.slice(op.length) };
  }
  return { op: '=', rest: text };
}

function readFilter(field: string, raw: string): FieldFilter | string {
  const value = raw.trim().slice(0, MAX_VALUE_CHARS);
  if (numberFields.has(field)) {
    const { op, rest } = comparisonOf(value);
    const number = rest.trim() === '' ? Number.NaN : Number(rest);
    if (!Number.isFinite(number)) {
      return `“${field}:${value}” needs a number, like ${field}:${field === 'rating' ? '>=4' : '20'}; it was left out.`;
    }
    return { field: field as NumberField, op, value: number };
  }
  if (field === 'kept') {
    const yes = ['yes', 'true', '1', 'y'].includes(value.toLowerCase());
    const no = ['no', 'false', '0', 'n'].includes(value.toLowerCase());
    if (!yes && !no) return `“kept:${value}” should be kept:yes or kept:no; it was left out.`;
    return { field: 'kept', value: yes };
  }
  if (value === '') return `“${field}:” needs a value; it was left out.`;
  return { field: field as TextField, value };
}

export function parseQuery(query: string): ParsedQuery {
  const parsed: ParsedQuery = { terms: [], filters: [], problems: [] };
  let droppedTerms = 0;
  for (const token of tokensOf(query)) {
    const colon = token.quoted ? -1 : token.text.indexOf(':');
    const field = colon > 0 ? token.text.slice(0, colon).toLowerCase() : '';
    const known = numberFields.has(field) || textFields.has(field) || field === 'kept';
    if (colon > 0 && known) {
      const value = token.text.slice(colon + 1);
      // `seed:` at the end of the box: still being typed, not a mistake.
      if (value === '' && token.last) continue;
      const filter = readFilter(field, value);
      if (typeof filter === 'string') parsed.problems.push(filter);
      else if (parsed.filters.length >= MAX_FILTERS)
        parsed.problems.push(`Only ${MAX_FILTERS} filters apply at once.`);
      else parsed.filters.push(filter);
      continue;
    }
    // The last word is still being typed while it ends at its colon (`colour:`); once a value follows, say it.
    if (colon > 0 && /^[a-z]+$/.test(field) && (!token.last || token.text.length > colon + 1)) {
      parsed.problems.push(
        `“${field}:” is not a filter Loupe knows (seed, cfg, steps, model, sampler, rating, kept, type, tag, batch, profile); its words were searched instead.`,
      );
    }
    const explicitPrefix = !token.quoted && token.text.endsWith('*');
    const text = token.text.replace(/\*+$/, '').slice(0, MAX_VALUE_CHARS);
    if (!hasWordCharacter(text)) continue;
    if (parsed.terms.length >= MAX_TERMS) {
      droppedTerms++;
      continue;
    }
    const typing = token.last && !token.quoted && text.length >= MIN_TYPING_PREFIX;
    parsed.terms.push({ text, prefix: explicitPrefix || typing });
  }
  if (droppedTerms > 0) parsed.problems.push(`Only the first ${MAX_TERMS} words are searched.`);
  return parsed;
}
