// A small JSON-schema subset validator that reports failures the way the Router's partner models do:
// pydantic-style `{loc, msg, type, ctx?, input?}` entries (model-router-api.md, "ValidationErrorDetail").
// Written by hand rather than with zod so each `type` string and `ctx` key matches what a real provider
// passes through, and so the same schema object can be published verbatim in openapi.json.
import { isPlainObject } from '../http';

export interface JsonSchema {
  type?: 'object' | 'string' | 'integer' | 'number' | 'boolean' | 'array';
  description?: string;
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: readonly (string | number)[];
  format?: 'uri' | 'binary';
  default?: string | number | boolean;
}

export interface ValidationErrorDetail {
  loc: (string | number)[];
  msg: string;
  type: string;
  ctx?: Record<string, unknown>;
  input?: unknown;
}

/** Validate `value` against `schema`; every failure is reported, outermost location first, rooted at 'body'. */
export function validateAgainstSchema(schema: JsonSchema, value: unknown): ValidationErrorDetail[] {
  const errors: ValidationErrorDetail[] = [];
  visit(schema, value, ['body'], errors);
  return errors;
}

/** One failure at the value being visited; `visit` adds where it is and what was given. */
type Failure = Pick<ValidationErrorDetail, 'msg' | 'type' | 'ctx'>;

function visit(
  schema: JsonSchema,
  value: unknown,
  loc: (string | number)[],
  out: ValidationErrorDetail[],
): void {
  // A value fails at most one of its own checks; only a value that passes them has its parts visited.
  const failure = checkType(schema, value) ?? checkEnum(schema, value) ?? checkLimits(schema, value);
  if (failure) {
    out.push({ loc, ...failure, input: value });
  } else if (Array.isArray(value)) {
    const items = schema.items;
    if (items) value.forEach((item, index) => visit(items, item, [...loc, index], out));
  } else if (isPlainObject(value)) {
    checkObject(schema, value, loc, out);
  }
}

function checkType(schema: JsonSchema, value: unknown): Failure | null {
  switch (schema.type) {
    case 'object':
      return isPlainObject(value) ? null : { msg: 'Input should be a valid dictionary', type: 'dict_type' };
    case 'array':
      return Array.isArray(value) ? null : { msg: 'Input should be a valid list', type: 'list_type' };
    case 'string':
      return typeof value === 'string'
        ? null
        : { msg: 'Input should be a valid string', type: 'string_type' };
    case 'boolean':
      return typeof value === 'boolean'
        ? null
        : { msg: 'Input should be a valid boolean', type: 'bool_type' };
    case 'number':
      return typeof value === 'number' ? null : { msg: 'Input should be a valid number', type: 'float_type' };
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
        ? null
        : { msg: 'Input should be a valid integer', type: 'int_type' };
    case undefined:
      return null;
  }
}

function checkEnum(schema: JsonSchema, value: unknown): Failure | null {
  if (!schema.enum || schema.enum.includes(value as string | number)) return null;
  const expected = describeChoices(schema.enum);
  return { msg: `Input should be ${expected}`, type: 'literal_error', ctx: { expected } };
}

function checkLimits(schema: JsonSchema, value: unknown): Failure | null {
  if (typeof value === 'string') return checkString(schema, value);
  if (typeof value === 'number') return checkNumber(schema, value);
  if (Array.isArray(value)) return checkArray(schema, value);
  return null;
}

/** `1 character`, `2 characters`: pydantic's wording. */
function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function checkString(schema: JsonSchema, value: string): Failure | null {
  // Lengths count code points, as Python (and so pydantic) does.
  const length = Array.from(value).length;
  if (schema.minLength !== undefined && length < schema.minLength) {
    const n = schema.minLength;
    return {
      msg: `String should have at least ${counted(n, 'character')}`,
      type: 'string_too_short',
      ctx: { min_length: n },
    };
  }
  if (schema.maxLength !== undefined && length > schema.maxLength) {
    const n = schema.maxLength;
    return {
      msg: `String should have at most ${counted(n, 'character')}`,
      type: 'string_too_long',
      ctx: { max_length: n },
    };
  }
  if (schema.format === 'uri' && !isAcceptedUrl(value)) {
    return { msg: 'Input should be a valid URL', type: 'url_parsing' };
  }
  return null;
}

/** Partners fetch inputs themselves, so only absolute http(s) URLs and inline data: URLs make sense. */
function isAcceptedUrl(value: string): boolean {
  try {
    const protocol = new URL(value).protocol;
    return protocol === 'http:' || protocol === 'https:' || protocol === 'data:';
  } catch {
    return false;
  }
}

function checkNumber(schema: JsonSchema, value: number): Failure | null {
  if (schema.minimum !== undefined && value < schema.minimum) {
    const ge = schema.minimum;
    return { msg: `Input should be greater than or equal to ${ge}`, type: 'greater_than_equal', ctx: { ge } };
  }
  if (schema.maximum !== undefined && value > schema.maximum) {
    const le = schema.maximum;
    return { msg: `Input should be less than or equal to ${le}`, type: 'less_than_equal', ctx: { le } };
  }
  return null;
}

function checkArray(schema: JsonSchema, value: unknown[]): Failure | null {
  const actual = value.length;
  if (schema.minItems !== undefined && actual < schema.minItems) {
    const n = schema.minItems;
    return {
      msg: `List should have at least ${counted(n, 'item')} after validation, not ${actual}`,
      type: 'too_short',
      ctx: { field_type: 'List', min_length: n, actual_length: actual },
    };
  }
  if (schema.maxItems !== undefined && actual > schema.maxItems) {
    const n = schema.maxItems;
    return {
      msg: `List should have at most ${counted(n, 'item')} after validation, not ${actual}`,
      type: 'too_long',
      ctx: { field_type: 'List', max_length: n, actual_length: actual },
    };
  }
  return null;
}

function checkObject(
  schema: JsonSchema,
  value: Record<string, unknown>,
  loc: (string | number)[],
  out: ValidationErrorDetail[],
): void {
  const properties = schema.properties ?? {};
  for (const name of schema.required ?? []) {
    // A missing field is not echoed: there is no offending value to give back.
    if (!(name in value)) out.push({ loc: [...loc, name], msg: 'Field required', type: 'missing' });
  }
  for (const [name, fieldValue] of Object.entries(value)) {
    const fieldSchema = properties[name];
    if (fieldSchema) visit(fieldSchema, fieldValue, [...loc, name], out);
    else if (schema.additionalProperties === false) {
      out.push({
        loc: [...loc, name],
        msg: 'Extra inputs are not permitted',
        type: 'extra_forbidden',
        input: fieldValue,
      });
    }
  }
}

function describeChoices(choices: readonly (string | number)[]): string {
  const quoted = choices.map((choice) => (typeof choice === 'string' ? `'${choice}'` : String(choice)));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1] ?? ''}`;
}
