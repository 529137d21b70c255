// Building blocks of the tolerant reader (ARCHITECTURE rule 5): unknown fields pass, unknown enum
// values become 'unknown', optional data that is missing or unreadable becomes null instead of
// failing the whole document. Only identity fields (ids, statuses, links) are truly required.
import { z } from 'zod';

/** A string enum read tolerantly: any value outside `values` reads as 'unknown'. */
export function tolerantEnum<const T extends readonly string[]>(values: T) {
  const known = new Set<string>(values);
  const isKnown = (value: string): value is T[number] => known.has(value);
  return z.string().transform((value): T[number] | 'unknown' => (isKnown(value) ? value : 'unknown'));
}

/** Present-or-null: a missing field and an explicit null both read as null. */
export function orNull<T>(schema: z.ZodType<T>) {
  return schema.nullish().transform((value): T | null => value ?? null);
}

/** Optional data that must not sink its parent: missing, null or malformed all read as null. */
export function bestEffort<T>(schema: z.ZodType<T>) {
  return orNull(schema).catch(null);
}

export interface PartitionedList<T> {
  items: T[];
  /** Entries that did not match the item schema and were left out. */
  skipped: number;
}

/** Reads a list entry by entry, so one unreadable entry costs that entry, not the list. */
export function partitionList<T>(entries: readonly unknown[], item: z.ZodType<T>): PartitionedList<T> {
  const items: T[] = [];
  let skipped = 0;
  for (const entry of entries) {
    const result = item.safeParse(entry);
    if (result.success) items.push(result.data);
    else skipped++;
  }
  return { items, skipped };
}

/** An array whose unreadable entries are dropped. */
export function lenientArray<T>(item: z.ZodType<T>) {
  return z.array(z.unknown()).transform((entries) => partitionList(entries, item).items);
}

/** String labels; anything that is not a string-to-string map reads as no labels. */
export const labelMap = z
  .record(z.string(), z.unknown())
  .transform((entries) =>
    Object.fromEntries(
      Object.entries(entries).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
  )
  .catch({});

/** A number clamped into [min, max], for values a buggy server might push a hair out of range. */
export function clamped(min: number, max: number) {
  return z.number().transform((value) => Math.min(max, Math.max(min, value)));
}
