// GET /api/v2/jobs query parsing: `limit`, opaque `cursor`, and `metadata[k]=v` filters. The raw query
// string is parsed by hand because URLSearchParams silently repairs bad `%` escapes and treats `;`
// like any other character, and both must be refused here.
import { isLabelKey } from './labels';

export const defaultPageSize = 500;
const maxFilters = 3;

export interface ListQuery {
  limit: number;
  /** Sequence number to continue below (exclusive), or null for the first page. */
  afterSeq: number | null;
  filters: ReadonlyMap<string, string>;
}

export type ListQueryResult =
  | { ok: true; query: ListQuery }
  | {
      ok: false;
      status: 400 | 422;
      code: 'invalid_request' | 'invalid_cursor' | 'invalid_metadata_filter';
      message: string;
    };

const cursorPrefix = 'jobs.v1.';

export function encodeCursor(seq: number): string {
  return Buffer.from(`${cursorPrefix}${seq}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(cursorPrefix)) return null;
  const digits = text.slice(cursorPrefix.length);
  if (!/^[0-9]{1,15}$/.test(digits)) return null;
  return Number(digits);
}

/** Strict percent-decoding: null on a bad escape. `+` is a space, as in form encoding. */
function strictDecode(raw: string): string | null {
  if (/%(?![0-9A-Fa-f]{2})/.test(raw)) return null;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null; // valid-looking escapes that are not UTF-8
  }
}

// C0 and C1 controls, DEL, and the bidi embeddings/overrides (U+202A–U+202E) and isolates (U+2066–U+2069).
// eslint-disable-next-line no-control-regex
const forbiddenValueChars = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function parseLimit(raw: string | undefined): number | null {
  if (raw === undefined) return defaultPageSize;
  const decoded = strictDecode(raw);
  if (decoded === null || !/^[0-9]+$/.test(decoded)) return null;
  // Compared as a number only after the digit check, so "1e3" and "1.0" stay refused; a huge value is 500.
  const value = Number(decoded);
  if (value < 1) return null;
  return Math.min(value, defaultPageSize);
}

export function parseListQuery(rawQuery: string): ListQueryResult {
  const refuse = (message: string): ListQueryResult => ({
    ok: false,
    status: 400,
    code: 'invalid_metadata_filter',
    message,
  });
  let limitRaw: string | undefined;
  let cursorRaw: string | undefined;
  const filters = new Map<string, string>();
  for (const part of rawQuery === '' ? [] : rawQuery.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawName = eq === -1 ? part : part.slice(0, eq);
    const rawValue = eq === -1 ? '' : part.slice(eq + 1);
    const name = strictDecode(rawName);
    if (name === null) {
      if (/^metadata(\[|%5b)/i.test(rawName)) return refuse('A label filter has a bad % escape.');
      continue; // an unknown parameter with a bad name is ignored like any unknown parameter
    }
    if (name === 'limit') {
      limitRaw ??= rawValue;
    } else if (name === 'cursor') {
      cursorRaw ??= rawValue;
    } else if (name.startsWith('metadata[')) {
      const match = /^metadata\[(.*)\]$/s.exec(name);
      const key = match?.[1];
      if (key === undefined || !isLabelKey(key)) {
        return refuse('A label filter key must be 1–40 characters from A-Z a-z 0-9 _ - .');
      }
      if (rawValue.includes(';')) return refuse(`The filter on "${key}" contains a raw ";".`);
      const value = strictDecode(rawValue);
      if (value === null) return refuse(`The filter on "${key}" has a bad % escape.`);
      if (forbiddenValueChars.test(value)) {
        return refuse(`The filter on "${key}" contains a control or bidirectional formatting character.`);
      }
      if (filters.has(key)) return refuse(`The label "${key}" is filtered more than once.`);
      if (filters.size >= maxFilters) return refuse(`At most ${maxFilters} label filters are allowed.`);
      filters.set(key, value);
    }
  }
  const limit = parseLimit(limitRaw);
  if (limit === null) {
    return { ok: false, status: 422, code: 'invalid_request', message: 'limit must be a positive integer.' };
  }
  let afterSeq: number | null = null;
  if (cursorRaw !== undefined) {
    const cursor = strictDecode(cursorRaw);
    afterSeq = cursor === null ? null : decodeCursor(cursor);
    if (afterSeq === null) {
      return {
        ok: false,
        status: 400,
        code: 'invalid_cursor',
        message: 'The cursor is malformed. Pass next_cursor unchanged.',
      };
    }
  }
  return { ok: true, query: { limit, afterSeq, filters } };
}
