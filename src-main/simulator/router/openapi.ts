// The per-model standalone OpenAPI document (NOTES.md Part B, "The per-model openapi.json"): the input schema is
// the run operation's requestBody and the output schema is that operation's 200 content.
import { createHash } from 'node:crypto';
import type { ModelEntry } from './catalog';

/** Bumped whenever the published schemas change, so cached ETags stop matching. */
const SCHEMA_REVISION = '2025-01';

export interface OpenApiDocument {
  text: string;
  /** Strong validator: a hash of the exact bytes served. */
  etag: string;
}

function buildDocument(model: ModelEntry): unknown {
  const ok: Record<string, unknown> = { description: 'The model output' };
  if (model.publishesOutputSchema) {
    ok.content = { [model.family.outputContentType]: { schema: model.family.output } };
  }
  return {
    openapi: '3.1.0',
    info: { title: model.id, version: SCHEMA_REVISION },
    paths: {
      [`/v2/models/${model.id}`]: {
        post: {
          operationId: 'run',
          summary: `Run ${model.id}`,
          requestBody: { required: true, content: { 'application/json': { schema: model.family.input } } },
          responses: { '200': ok },
        },
      },
    },
  };
}

const cache = new Map<string, OpenApiDocument>();

export function openApiDocumentFor(model: ModelEntry): OpenApiDocument {
  const cached = cache.get(model.id);
  if (cached) return cached;
  const text = JSON.stringify(buildDocument(model));
  const etag = `"${createHash('sha256').update(text).digest('hex').slice(0, 32)}"`;
  const document = { text, etag };
  cache.set(model.id, document);
  return document;
}

/** If-None-Match with weak comparison (RFC 9110 §13.1.2): `W/` is ignored on either side, `*` matches all. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === '*' || (trimmed !== '' && opaque(trimmed) === opaque(etag));
  });
}
