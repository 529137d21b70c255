// Single byte ranges (RFC 9110 §14) for the asset route: what the renderer's media elements send to seek.
// A header we cannot use (several ranges, another unit, nonsense) is ignored and the whole body is served,
// as the RFC allows; a range outside the content is 416.

/** A Range header as the renderer sent it, understood without knowing the size yet. */
export type RangeSpec =
  | { kind: 'from'; start: number; end: number | null }
  /** The last `length` bytes. */
  | { kind: 'suffix'; length: number };

export type ResolvedRange =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const singleRange = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i;

/** Null for a missing or unusable header (serve the whole body). */
export function parseRangeHeader(header: string | null | undefined): RangeSpec | null {
  if (header === null || header === undefined) return null;
  const match = singleRange.exec(header);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const length = Number(last);
    return Number.isSafeInteger(length) ? { kind: 'suffix', length } : null;
  }
  const start = Number(first);
  const end = last === '' ? null : Number(last);
  if (!Number.isSafeInteger(start) || (end !== null && !Number.isSafeInteger(end))) return null;
  // A last position before the first is a syntax error, which means "ignore the header".
  if (end !== null && end < start) return null;
  return { kind: 'from', start, end };
}

/** The range against a known size. */
export function resolveRange(spec: RangeSpec | null, size: number): ResolvedRange {
  if (spec === null) return { kind: 'full' };
  if (spec.kind === 'suffix') {
    if (spec.length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - spec.length), end: size - 1 };
  }
  if (spec.start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start: spec.start, end: Math.min(spec.end ?? size - 1, size - 1) };
}

/** The header to send upstream for this range (normalised, so nothing odd is passed through). */
export function rangeHeaderOf(spec: RangeSpec): string {
  return spec.kind === 'suffix' ? `bytes=-${spec.length}` : `bytes=${spec.start}-${spec.end ?? ''}`;
}

export function contentRangeOf(start: number, end: number, size: number): string {
  return `bytes ${start}-${end}/${size}`;
}

export function unsatisfiedRangeOf(size: number): string {
  return `bytes */${size}`;
}

/** Reads an upstream Content-Range: `bytes a-b/n`, or the unsatisfied form with only the size. */
export function parseContentRange(
  header: string | null,
): { start: number; end: number; size: number | null } | { unsatisfied: true; size: number } | null {
  if (header === null) return null;
  const unsatisfied = /^\s*bytes\s+\*\/(\d+)\s*$/i.exec(header);
  if (unsatisfied) return { unsatisfied: true, size: Number(unsatisfied[1]) };
  const match = /^\s*bytes\s+(\d+)-(\d+)\/(\d+|\*)\s*$/i.exec(header);
  if (!match) return null;
  const [, start = '', end = '', size = ''] = match;
  return { start: Number(start), end: Number(end), size: size === '*' ? null : Number(size) };
}
