// Reading rows back from disk. The database is outside our process and can be edited, truncated or written by
// another build, so every row goes through a zod schema and a bad one becomes a StoreError('corrupt_row'),
// never an exception from deep inside JSON.parse or a wrong-shaped object travelling further.
import { z } from 'zod';
import { StoreError } from './errors';

/** What a list read returns: the rows that parsed, and a typed error for each that did not. */
export interface RowsRead<T> {
  rows: T[];
  corrupt: StoreError[];
}

/** A TEXT column holding JSON, parsed and then validated by `schema`. */
export function jsonColumn<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** A nullable TEXT column holding JSON. */
export function nullableJsonColumn<T extends z.ZodType>(schema: T) {
  return z.union([z.null(), jsonColumn(schema)]);
}

/** SQLite has no boolean: flags are stored as 0/1. */
export const flagColumn = z
  .number()
  .int()
  .min(0)
  .max(1)
  .transform((n) => n === 1);

export const jsonObjectSchema = z.record(z.string(), z.json());
export type JsonObject = z.infer<typeof jsonObjectSchema>;

export const labelsSchema = z.record(z.string(), z.string());
export type Labels = z.infer<typeof labelsSchema>;

const rawRowSchema = z.record(z.string(), z.unknown());

function corruptRow(table: string, raw: unknown, error: z.ZodError, keyColumn: string): StoreError {
  const columns = [...new Set(error.issues.map((issue) => String(issue.path[0] ?? '(row)')))];
  const fields = rawRowSchema.safeParse(raw);
  const key = fields.success ? fields.data[keyColumn] : undefined;
  const keyText = typeof key === 'string' || typeof key === 'number' ? String(key) : undefined;
  return new StoreError(
    'corrupt_row',
    `A saved ${table} row${keyText === undefined ? '' : ` (${keyText})`} could not be read: ` +
      `${columns.join(', ')} ${columns.length === 1 ? 'is' : 'are'} damaged.`,
    { table, ...(keyText === undefined ? {} : { key: keyText }), columns },
    { cause: error },
  );
}

/** Parses one raw row; throws StoreError('corrupt_row') when it does not match. */
export function parseRow<T extends z.ZodType>(
  table: string,
  keyColumn: string,
  schema: T,
  raw: unknown,
): z.output<T> {
  const result = schema.safeParse(raw);
  if (!result.success) throw corruptRow(table, raw, result.error, keyColumn);
  return result.data;
}

/** Parses an optional row (a `get` that may find nothing). */
export function parseOptionalRow<T extends z.ZodType>(
  table: string,
  keyColumn: string,
  schema: T,
  raw: unknown,
): z.output<T> | null {
  return raw === undefined || raw === null ? null : parseRow(table, keyColumn, schema, raw);
}

/** Parses many rows; a corrupt one is set aside so the rest of a list still shows. */
export function parseRows<T extends z.ZodType>(
  table: string,
  keyColumn: string,
  schema: T,
  raws: readonly unknown[],
): RowsRead<z.output<T>> {
  const rows: z.output<T>[] = [];
  const corrupt: StoreError[] = [];
  for (const raw of raws) {
    const result = schema.safeParse(raw);
    if (result.success) rows.push(result.data);
    else corrupt.push(corruptRow(table, raw, result.error, keyColumn));
  }
  return { rows, corrupt };
}

/** Serialises a value for a JSON column. Values that JSON cannot represent are a programming error. */
export function toJson(value: unknown): string {
  const text = JSON.stringify(value);
  if (typeof text !== 'string') throw new TypeError('value cannot be stored as JSON');
  return text;
}
