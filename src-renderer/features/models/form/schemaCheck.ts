// Checks a value against a JSON Schema by walking it, without compiling anything. The renderer's
// Content-Security-Policy forbids eval (core/static/rendererFiles.ts), and Ajv (behind @rjsf/validator-ajv8)
// turns every schema into a function with `new Function`, so it cannot run here. A model's input schema uses
// a small, well-known part of JSON Schema; this covers that part, plus what OpenAPI adds (`nullable`), and
// ignores any keyword it does not know rather than refusing the form (a tolerant reader).

import {
  asSchema,
  codePointLength,
  isObject,
  looksLikeUri,
  matchesType,
  resolveRef,
  sameJson,
  TYPE_WORDS,
  type Schema,
} from './schemaValues';

export { codePointLength } from './schemaValues';

export type SchemaPath = (string | number)[];

export interface SchemaIssue {
  /** Where in the value, outermost first (a required field's issue is on the field itself). */
  path: SchemaPath;
  /** The keyword that failed: `required`, `maxLength`, `type` … */
  keyword: string;
  /** In words, for under the field: "Must be at most 20." */
  message: string;
  /** The JSON pointer of the failing keyword in the schema, e.g. `#/properties/width/maximum`. */
  schemaPath: string;
}

/** How deep a walk may go: a schema that refers to itself forever must not hang the form. */
const MAX_DEPTH = 64;

class Walk {
  readonly issues: SchemaIssue[] = [];
  constructor(private readonly root: unknown) {}

  private add(path: SchemaPath, keyword: string, message: string, schemaPath: string): void {
    this.issues.push({ path, keyword, message, schemaPath: `${schemaPath}/${keyword}` });
  }

  /** Whether `value` passes `schema`, without keeping what failed (for anyOf, oneOf, not, if). */
  passes(schema: unknown, value: unknown, depth: number): boolean {
    const probe = new Walk(this.root);
    probe.visit(schema, value, [], '#', depth);
    return probe.issues.length === 0;
  }

  visit(raw: unknown, value: unknown, path: SchemaPath, at: string, depth: number): void {
    if (raw === false) {
      this.add(path, 'false schema', 'Not allowed here.', at);
      return;
    }
    const schema = asSchema(raw);
    if (schema === null || depth > MAX_DEPTH) return;
    if (typeof schema.$ref === 'string') {
      this.visit(resolveRef(schema.$ref, this.root), value, path, at, depth + 1);
    }
    if (value === null && schema.nullable === true) return;
    if (!this.checkType(schema, value, path, at)) return;
    this.checkEnum(schema, value, path, at);
    this.checkNumber(schema, value, path, at);
    this.checkString(schema, value, path, at);
    if (Array.isArray(value)) this.checkArray(schema, value, path, at, depth);
    if (isObject(value)) this.checkObject(schema, value, path, at, depth);
    this.checkCombinations(schema, value, path, at, depth);
  }

  private checkType(schema: Schema, value: unknown, path: SchemaPath, at: string): boolean {
    const declared = schema.type;
    const types = typeof declared === 'string' ? [declared] : Array.isArray(declared) ? declared : [];
    const names = types.filter((type): type is string => typeof type === 'string');
    if (names.length === 0 || names.some((type) => matchesType(type, value))) return true;
    const words = names.map((type) => TYPE_WORDS[type] ?? type).join(' or ');
    this.add(path, 'type', `Must be ${words}.`, at);
    return false;
  }

  private checkEnum(schema: Schema, value: unknown, path: SchemaPath, at: string): void {
    if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameJson(option, value))) {
      const shown = schema.enum.slice(0, 8).map((option) => JSON.stringify(option));
      this.add(path, 'enum', `Must be one of ${shown.join(', ')}${schema.enum.length > 8 ? ', …' : ''}.`, at);
    }
    if ('const' in schema && !sameJson(schema.const, value)) {
      this.add(path, 'const', `Must be ${JSON.stringify(schema.const)}.`, at);
    }
  }

  private checkNumber(schema: Schema, value: unknown, path: SchemaPath, at: string): void {
    if (typeof value !== 'number') return;
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
    // Draft 4 wrote exclusivity as a boolean beside minimum/maximum; later drafts as the bound itself.
    if (typeof minimum === 'number' && (exclusiveMinimum === true ? value <= minimum : value < minimum)) {
      this.add(
        path,
        'minimum',
        `Must be ${exclusiveMinimum === true ? 'more than' : 'at least'} ${minimum}.`,
        at,
      );
    }
    if (typeof maximum === 'number' && (exclusiveMaximum === true ? value >= maximum : value > maximum)) {
      this.add(
        path,
        'maximum',
        `Must be ${exclusiveMaximum === true ? 'less than' : 'at most'} ${maximum}.`,
        at,
      );
    }
    if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) {
      this.add(path, 'exclusiveMinimum', `Must be more than ${exclusiveMinimum}.`, at);
    }
    if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) {
      this.add(path, 'exclusiveMaximum', `Must be less than ${exclusiveMaximum}.`, at);
    }
    if (typeof multipleOf === 'number' && multipleOf > 0) {
      const quotient = value / multipleOf;
      if (Math.abs(quotient - Math.round(quotient)) > 1e-9) {
        this.add(path, 'multipleOf', `Must be a multiple of ${multipleOf}.`, at);
      }
    }
  }

  private checkString(schema: Schema, value: unknown, path: SchemaPath, at: string): void {
    if (typeof value !== 'string') return;
    const length = codePointLength(value);
    if (typeof schema.minLength === 'number' && length < schema.minLength) {
      this.add(
        path,
        'minLength',
        schema.minLength === 1 ? 'Must not be empty.' : `Must be at least ${schema.minLength} characters.`,
        at,
      );
    }
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) {
      this.add(path, 'maxLength', `Must be at most ${schema.maxLength} characters (now ${length}).`, at);
    }
    if (typeof schema.pattern === 'string') {
      let pattern: RegExp | null = null;
      try {
        pattern = new RegExp(schema.pattern, 'u');
      } catch {
        // A pattern this engine cannot read is the service's to check, not a reason to refuse the form.
      }
      if (pattern && !pattern.test(value)) this.add(path, 'pattern', `Must match ${schema.pattern}.`, at);
    }
    if ((schema.format === 'uri' || schema.format === 'url') && value !== '' && !looksLikeUri(value)) {
      this.add(path, 'format', 'Must be an address such as https://example.com/image.png.', at);
    }
  }

  private checkArray(schema: Schema, value: unknown[], path: SchemaPath, at: string, depth: number): void {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
      this.add(
        path,
        'minItems',
        `Needs at least ${schema.minItems} ${schema.minItems === 1 ? 'item' : 'items'}.`,
        at,
      );
    }
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
      this.add(path, 'maxItems', `Takes at most ${schema.maxItems} items.`, at);
    }
    if (
      schema.uniqueItems === true &&
      value.some((item, i) => value.findIndex((other) => sameJson(other, item)) !== i)
    ) {
      this.add(path, 'uniqueItems', 'Items must all be different.', at);
    }
    const tuple = Array.isArray(schema.prefixItems)
      ? schema.prefixItems
      : Array.isArray(schema.items)
        ? schema.items
        : null;
    const rest =
      tuple === null ? schema.items : Array.isArray(schema.items) ? schema.additionalItems : schema.items;
    value.forEach((item, index) => {
      const itemSchema: unknown = tuple !== null && index < tuple.length ? tuple[index] : rest;
      const where = tuple !== null && index < tuple.length ? `${at}/prefixItems/${index}` : `${at}/items`;
      this.visit(itemSchema, item, [...path, index], where, depth + 1);
    });
  }

  private checkObject(
    schema: Schema,
    value: Record<string, unknown>,
    path: SchemaPath,
    at: string,
    depth: number,
  ): void {
    const properties = asSchema(schema.properties) ?? {};
    if (Array.isArray(schema.required)) {
      for (const name of schema.required) {
        if (typeof name === 'string' && value[name] === undefined) {
          this.add([...path, name], 'required', 'Required.', at);
        }
      }
    }
    const keys = Object.keys(value).filter((key) => value[key] !== undefined);
    if (typeof schema.minProperties === 'number' && keys.length < schema.minProperties) {
      this.add(path, 'minProperties', `Needs at least ${schema.minProperties} fields.`, at);
    }
    if (typeof schema.maxProperties === 'number' && keys.length > schema.maxProperties) {
      this.add(path, 'maxProperties', `Takes at most ${schema.maxProperties} fields.`, at);
    }
    const patterns = Object.entries(asSchema(schema.patternProperties) ?? {});
    for (const key of keys) {
      const child = value[key];
      let known = false;
      if (Object.hasOwn(properties, key)) {
        known = true;
        this.visit(properties[key], child, [...path, key], `${at}/properties/${key}`, depth + 1);
      }
      for (const [source, sub] of patterns) {
        let matches = false;
        try {
          matches = new RegExp(source, 'u').test(key);
        } catch {
          // As with `pattern`: unreadable here, left to the service.
        }
        if (matches) {
          known = true;
          this.visit(sub, child, [...path, key], `${at}/patternProperties`, depth + 1);
        }
      }
      if (known) continue;
      if (schema.additionalProperties === false) {
        this.add([...path, key], 'additionalProperties', `This model takes no field named “${key}”.`, at);
      } else if (isObject(schema.additionalProperties)) {
        this.visit(
          schema.additionalProperties,
          child,
          [...path, key],
          `${at}/additionalProperties`,
          depth + 1,
        );
      }
    }
  }

  private checkCombinations(
    schema: Schema,
    value: unknown,
    path: SchemaPath,
    at: string,
    depth: number,
  ): void {
    if (Array.isArray(schema.allOf)) {
      schema.allOf.forEach((sub, i) => this.visit(sub, value, path, `${at}/allOf/${i}`, depth + 1));
    }
    if (Array.isArray(schema.anyOf) && !schema.anyOf.some((sub) => this.passes(sub, value, depth + 1))) {
      this.add(path, 'anyOf', 'Does not match any of the allowed shapes.', at);
    }
    if (Array.isArray(schema.oneOf)) {
      const matching = schema.oneOf.filter((sub) => this.passes(sub, value, depth + 1)).length;
      if (matching !== 1) {
        this.add(
          path,
          'oneOf',
          matching === 0
            ? 'Does not match any of the allowed shapes.'
            : 'Matches more than one allowed shape.',
          at,
        );
      }
    }
    if (schema.not !== undefined && this.passes(schema.not, value, depth + 1)) {
      this.add(path, 'not', 'This value is not allowed.', at);
    }
    if (schema.if !== undefined) {
      const branch = this.passes(schema.if, value, depth + 1) ? 'then' : 'else';
      if (schema[branch] !== undefined) this.visit(schema[branch], value, path, `${at}/${branch}`, depth + 1);
    }
  }
}

/** Every way `value` fails `schema` (refs resolved inside `root`, the whole schema by default). */
export function checkAgainstSchema(schema: unknown, value: unknown, root: unknown = schema): SchemaIssue[] {
  const walk = new Walk(root);
  walk.visit(schema, value, [], '#', 0);
  return walk.issues;
}
