// Reading a model's openapi.json when the document is not the simulator's tidy one: `$ref`s to components (the
// requestBody itself, schemas inside it), a schema that refers to itself, refs that lead nowhere or fan out
// without end, prototype names, and an output kind read from the schema rather than guessed from the model id.
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../store';
import { extractModelSchemas } from './openApiSchemas';
import { outputKindFrom } from './outputKind';
import { resolveLocalRefs, resolvePointer, SchemaTooLargeError } from './schemaRefs';

const doc = (document: unknown): JsonObject => document as JsonObject;

describe('extractModelSchemas', () => {
  it('follows a requestBody $ref and resolves the schemas it points to', () => {
    const document = doc({
      paths: {
        '/v2/models/acme/x/requests': { post: { requestBody: { $ref: '#/components/requestBodies/Wrong' } } },
        '/v2/models/acme/x': {
          post: {
            requestBody: { $ref: '#/components/requestBodies/Run' },
            responses: {
              '200': { content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } },
            },
          },
        },
      },
      components: {
        requestBodies: {
          Run: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Input' } } } },
          Wrong: { content: { 'application/json': { schema: { type: 'null' } } } },
        },
        schemas: {
          Input: {
            type: 'object',
            properties: { prompt: { $ref: '#/components/schemas/Prompt', description: 'what to draw' } },
          },
          Prompt: { type: 'string', maxLength: 10 },
        },
      },
    });
    expect(extractModelSchemas(document, 'acme/x')).toEqual({
      input: {
        type: 'object',
        properties: { prompt: { type: 'string', maxLength: 10, description: 'what to draw' } },
      },
      output: { type: 'string', format: 'binary' },
      outputContentType: 'image/png',
    });
  });

  it('says nothing rather than failing for a document of another shape', () => {
    for (const odd of [
      {},
      { paths: [] },
      { paths: { '/x': { post: 'run' } } },
      { paths: { '/x': { get: {} } } },
    ]) {
      expect(extractModelSchemas(doc(odd), 'acme/x')).toEqual({
        input: null,
        output: null,
        outputContentType: null,
      });
    }
  });
});

describe('resolveLocalRefs', () => {
  it('does not expand a schema into itself again', () => {
    const root = doc({
      defs: {
        Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/defs/Node' } } } },
      },
    });
    const resolved = resolveLocalRefs({ $ref: '#/defs/Node' }, root);
    expect(resolved).toEqual({
      type: 'object',
      properties: {
        children: {
          type: 'array',
          items: { title: 'Node', description: 'Refers back to itself here; not expanded.' },
        },
      },
    });
  });

  it('turns refs that lead nowhere (or outside the document, or up the prototype) into open schemas', () => {
    const root = doc({ defs: {} });
    const cases: [string, string][] = [
      ['#/defs/Missing', 'Missing'],
      ['https://evil.example/schema.json', 'schema.json'],
      ['#/__proto__', '__proto__'],
      ['#/defs/constructor', 'constructor'],
    ];
    for (const [ref, title] of cases) {
      expect(resolveLocalRefs({ $ref: ref, description: 'kept' }, root), ref).toEqual({
        title,
        description: 'kept',
      });
    }
    expect(resolvePointer(root, '#/__proto__')).toBeUndefined();
    expect(resolvePointer(doc({ 'a/b': { '~c': 1 } }), '#/a~1b/~0c')).toBe(1);
  });

  it('stops a few refs that fan out into an enormous tree', () => {
    const defs: Record<string, unknown> = { L0: { type: 'string' } };
    for (let level = 1; level <= 30; level++) {
      const below = { $ref: `#/defs/L${level - 1}` };
      defs[`L${level}`] = { type: 'array', prefixItems: [below, below, below, below] };
    }
    expect(() => resolveLocalRefs({ $ref: '#/defs/L30' }, doc({ defs }))).toThrow(SchemaTooLargeError);
    const document = doc({
      defs,
      paths: {
        '/run': {
          post: {
            operationId: 'run',
            requestBody: { content: { 'application/json': { schema: { $ref: '#/defs/L30' } } } },
          },
        },
      },
    });
    expect(extractModelSchemas(document, 'acme/x').input).toBeNull();
  });
});

describe('outputKindFrom', () => {
  const object = (properties: Record<string, unknown>) => doc({ type: 'object', properties });
  it.each([
    ['audio/wav', null, 'audio'],
    ['video/mp4', null, 'video'],
    ['image/webp', null, 'image'],
    ['text/plain', null, 'text'],
    ['application/octet-stream', null, 'data'],
    ['application/json', object({ result: { type: 'object', properties: { url: {}, width: {} } } }), 'image'],
    ['application/json', object({ clip: { type: 'object' }, video: { type: 'object' } }), 'video'],
    ['application/json', object({ audio_url: { type: 'string' } }), 'audio'],
    ['application/json', object({ output_text: { type: 'string' } }), 'text'],
    ['application/json', object({ embeddings: { type: 'array' } }), 'data'],
    ['application/json', null, null],
    [null, null, null],
  ])('%s %j → %s', (contentType, schema, kind) => {
    expect(outputKindFrom(contentType, schema)).toBe(kind);
  });
});
