// A successful response with its time limit still running until the body is read, plus the URLs the
// clients need to resolve links (host-relative links resolve against the URL that returned them).
import { Readable } from 'node:stream';
import type { z } from 'zod';
import { resolveLimit, type BodyLimit, type ResolvedLimit } from './bodyLimits';
import type { Deadline } from './deadline';
import { requestIdHeader } from './errorBody';
import { ApiError } from './errors';
import { takeNodeBody } from './nodeFetch';

export class HttpResponse {
  constructor(
    private readonly raw: Response,
    private readonly deadline: Deadline,
    /** The URL first requested. */
    readonly requestUrl: string,
    /** The URL that answered, after any redirects followed by hand. */
    readonly url: string,
  ) {}

  get status(): number {
    return this.raw.status;
  }

  get headers(): Headers {
    return this.raw.headers;
  }

  get requestId(): string | null {
    return this.raw.headers.get(requestIdHeader);
  }

  get redirected(): boolean {
    return this.url !== this.requestUrl;
  }

  get contentType(): string {
    return this.raw.headers.get('content-type') ?? '';
  }

  /**
   * The body as text, read no further than its kind's limit (bodyLimits.ts): a longer body is a
   * 'response_too_large' error and the connection is dropped, so a body that never ends costs at most the
   * limit. The request's time limit runs until the last byte, so a slow endless trickle ends there too.
   */
  async text(limit: BodyLimit): Promise<string> {
    try {
      return await this.cappedText(resolveLimit(limit));
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw this.deadline.translate(error);
    } finally {
      this.deadline.clear();
    }
  }

  /** The body as JSON; an empty or non-JSON body is an 'invalid-response' error. */
  async json(limit: BodyLimit): Promise<unknown> {
    const text = await this.text(limit);
    if (text.trim() === '')
      throw ApiError.invalidResponse('The response had no body.', this.status, this.requestId);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw ApiError.invalidResponse('The response was not JSON.', this.status, this.requestId, {
        contentType: this.contentType,
      });
    }
  }

  /** The body read through a tolerant schema; a mismatch is an 'invalid-response' error, never a throw of zod's. */
  async parse<T>(schema: z.ZodType<T>, limit: BodyLimit): Promise<T> {
    return parseWith(schema, await this.json(limit), this.status, this.requestId);
  }

  /** The body as a stream; the time limit stops here, the caller's signal still cancels it. */
  stream(): ReadableStream<Uint8Array> {
    this.deadline.clear();
    return this.raw.body ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
  }

  /**
   * The body as a Node stream, for bulk bytes written to disk: the transport's own stream when nodeFetch
   * carried it (no web-stream hop per chunk), else the web body adapted. The time limit stops here too.
   */
  nodeStream(): Readable {
    this.deadline.clear();
    const direct = takeNodeBody(this.raw);
    if (direct !== null) return direct;
    if (this.raw.body === null) return Readable.from([]);
    return Readable.fromWeb(this.raw.body);
  }

  private async cappedText({ kind, maxBytes }: ResolvedLimit): Promise<string> {
    const declared = Number(this.raw.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await this.raw.body?.cancel().catch(() => undefined);
      throw ApiError.tooLarge(kind, maxBytes, this.status, this.requestId);
    }
    if (this.raw.body === null) return '';
    const body: ReadableStream<Uint8Array> = this.raw.body;
    const reader = body.getReader();
    // Chunks are kept as bytes and decoded once: no growing string, and a character split across two
    // chunks decodes whole.
    const chunks: Uint8Array[] = [];
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw ApiError.tooLarge(kind, maxBytes, this.status, this.requestId);
      }
      chunks.push(value);
    }
    return new TextDecoder().decode(Buffer.concat(chunks, received));
  }

  /** Releases the connection without reading the body. */
  async discard(): Promise<void> {
    this.deadline.clear();
    try {
      await this.raw.body?.cancel();
    } catch {
      // Nothing to release.
    }
  }
}

export function parseWith<T>(
  schema: z.ZodType<T>,
  value: unknown,
  status: number,
  requestId: string | null,
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 10).map((issue) => ({
    path: issue.path.map((part) => String(part)).join('.'),
    message: issue.message,
  }));
  throw ApiError.invalidResponse('The response did not have the expected shape.', status, requestId, {
    issues,
  });
}
