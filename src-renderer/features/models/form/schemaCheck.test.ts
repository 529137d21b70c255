// The eval-free schema check the form validates with (Ajv cannot compile under the renderer's CSP): the parts
// of JSON Schema model inputs use, each found at its path, and unknown keywords let through.
import { describe, expect, it } from 'vitest';
import { checkAgainstSchema } from './schemaCheck';

const issues = (schema: unknown, value: unknown) =>
  checkAgainstSchema(schema, value).map((issue) => `${issue.path.join('.') || '(root)'} ${issue.keyword}`);

describe('checkAgainstSchema', () => {
  it('checks types, bounds, lengths in characters, enums and formats, each at its path', () => {
    const schema = {
      type: 'object',
      required: ['prompt'],
      additionalProperties: false,
      properties: {
        prompt: { type: 'string', minLength: 1, maxLength: 3 },
        steps: { type: 'integer', minimum: 1, exclusiveMaximum: 50 },
        style: { enum: ['a', 'b'] },
        image_url: { type: 'string', format: 'uri' },
        tags: { type: 'array', maxItems: 2, items: { type: 'string' } },
      },
    };
    expect(issues(schema, { prompt: '🌊🌊🌊' })).toEqual([]);
    expect(
      issues(schema, {
        prompt: 'four',
        steps: 50.5,
        style: 'c',
        image_url: 'not a url',
        tags: ['x', 1, 'y'],
        extra: 1,
      }),
    ).toEqual([
      'prompt maxLength',
      'steps type',
      'style enum',
      'image_url format',
      'tags maxItems',
      'tags.1 type',
      'extra additionalProperties',
    ]);
    expect(issues(schema, {})).toEqual(['prompt required']);
    expect(issues(schema, { prompt: 'ok', image_url: 'data:image/png;base64,AAAA' })).toEqual([]);
  });

  it('follows local $refs, OpenAPI’s nullable, and anyOf, oneOf, allOf, not and if/then', () => {
    const schema = {
      $defs: { size: { type: 'integer', minimum: 256 } },
      type: 'object',
      properties: {
        width: { $ref: '#/$defs/size' },
        seed: { type: 'integer', nullable: true },
        input: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        either: { anyOf: [{ type: 'string' }, { type: 'boolean' }] },
        mode: { type: 'string', not: { const: 'off' } },
      },
      if: { properties: { mode: { const: 'edit' } } },
      then: { required: ['image'] },
    };
    expect(issues(schema, { width: 512, seed: null, input: 3, either: true, mode: 'on' })).toEqual([]);
    expect(issues(schema, { width: 10, input: [], either: 2, mode: 'off' })).toEqual([
      'width minimum',
      'input oneOf',
      'either anyOf',
      'mode not',
    ]);
    expect(issues(schema, { mode: 'edit' })).toEqual(['image required']);
  });

  it('lets keywords it does not know through, and never hangs on a schema that refers to itself', () => {
    expect(issues({ type: 'string', 'x-ui-hint': 'big', contentEncoding: 'base64' }, 'text')).toEqual([]);
    const loop = { $ref: '#' };
    expect(issues(loop, 'anything')).toEqual([]);
  });
});
