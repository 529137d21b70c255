// Catalog reads: the model list with cursors, one model's detail, and its openapi.json.
import type { RouteContext } from '../types';
import { jsonAnswer, routerError, sendAnswer, type Answer } from './answer';
import { CATALOG, type ModelEntry } from './catalog';
import { ifNoneMatchHits, openApiDocumentFor } from './openapi';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

/** Cursors are opaque to callers; inside they are a version tag and an offset into the full catalog. */
function encodeCursor(offset: number): string {
  return Buffer.from(`c1.${offset}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): number | null {
  if (cursor.length < 1 || cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const match = /^c1\.(\d{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const offset = match ? Number(match[1]) : NaN;
  return Number.isInteger(offset) && offset > 0 && offset <= CATALOG.length ? offset : null;
}

/** NOTES.md Part B: above 100 is cut to 100; 0 or below means the default. Non-integers are refused. */
function parseLimit(raw: string | null): number | null {
  if (raw === null) return DEFAULT_LIMIT;
  if (!/^-?\d+$/.test(raw)) return null;
  const value = Number(raw);
  if (value <= 0) return DEFAULT_LIMIT;
  return Math.min(value, MAX_LIMIT);
}

function listEntry(model: ModelEntry): Record<string, unknown> {
  return { id: model.id, provider: model.provider, model: model.model, billing: model.billing };
}

export function listModels(ctx: RouteContext): void {
  const query = ctx.url.searchParams;
  const limit = parseLimit(query.get('limit'));
  if (limit === null)
    return sendAnswer(ctx.res, routerError(400, 'invalid_input', 'limit must be an integer'));
  const rawCursor = query.get('cursor');
  const offset = rawCursor === null ? 0 : decodeCursor(rawCursor);
  if (offset === null) return sendAnswer(ctx.res, routerError(400, 'invalid_input', 'malformed cursor'));
  // A page is a window of the full catalog; unlisted models in the window are left out afterwards, which is
  // why a page can be short while has_more is still true.
  const end = Math.min(offset + limit, CATALOG.length);
  const data = CATALOG.slice(offset, end)
    .filter((model) => model.listed)
    .map(listEntry);
  const hasMore = end < CATALOG.length;
  const page: Record<string, unknown> = { data, has_more: hasMore, limit };
  if (hasMore) page.next_cursor = encodeCursor(end);
  sendAnswer(ctx.res, jsonAnswer(200, page));
}

export function modelDetail(ctx: RouteContext, model: ModelEntry): void {
  const detail = listEntry(model);
  if (model.inputSchemaUrl !== undefined) detail.input_schema_url = model.inputSchemaUrl;
  sendAnswer(ctx.res, jsonAnswer(200, detail));
}

export function modelOpenApi(ctx: RouteContext, model: ModelEntry): void {
  const document = openApiDocumentFor(model);
  const headers = { etag: document.etag, 'cache-control': 'private, max-age=300, must-revalidate' };
  const answer: Answer = ifNoneMatchHits(ctx.req.headers['if-none-match'], document.etag)
    ? { status: 304, headers, body: null }
    : {
        status: 200,
        headers: { 'content-type': 'application/json', ...headers },
        body: Buffer.from(document.text),
      };
  sendAnswer(ctx.res, answer);
}
