// Fuzzing the tolerant readers: thousands of valid and malformed documents through every schema.
// Whatever comes in, what comes out is a typed result or a typed error, never a stray throw.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiErrorFromParts } from '../errorBody';
import { ApiError } from '../errors';
import { parseWith } from '../httpResponse';
import { parseRetryAfter } from '../retryAfter';
import { decodeJobEvent } from '../sseEvents';
import * as generate from '../testing/documents';
import { junk, mutate, Random, text, type Gen } from '../testing/fuzz';
import { parseV1BinaryFrame } from '../v1BinaryFrames';
import { AssetSchema } from './asset';
import { LogEventSchema, PreviewEventSchema, StatusEventSchema } from './events';
import {
  isTerminalJobStatus,
  JobErrorSchema,
  JobSchema,
  JobUrlsSchema,
  LogDocumentSchema,
  OutputSchema,
  ProgressSchema,
  WorkflowDocumentSchema,
} from './job';
import { JobListItemSchema, JobListPageSchema } from './jobList';
import {
  CachedOpenApiSchema,
  CancelResponseSchema,
  ModelDetailSchema,
  ModelEntrySchema,
  ModelPageSchema,
  QueueHandleSchema,
  QueueStatusResponseSchema,
  ValidationErrorDetailSchema,
} from './router';
import {
  V1JobListSchema,
  V1JobStatusSchema,
  V1ListItemSchema,
  V1ObjectInfoSchema,
  V1PromptResponseSchema,
  V1UploadResponseSchema,
} from './v1';
import { parseV1JsonFrame } from './v1Socket';
import { listJobsQueryPairs, v1ListQueryPairs, type ListJobsQuery, type V1ListQuery } from './writers';

const rounds = 1000;

const cases: Array<[string, z.ZodType, Gen]> = [
  ['Job', JobSchema, generate.job],
  ['Progress', ProgressSchema, generate.progress],
  ['Output', OutputSchema, generate.output],
  ['JobError', JobErrorSchema, generate.jobError],
  ['JobUrls', JobUrlsSchema, generate.jobUrls],
  ['Asset', AssetSchema, generate.asset],
  ['JobListItem', JobListItemSchema, generate.jobListItem],
  ['JobListPage', JobListPageSchema, generate.jobListPage],
  ['WorkflowDocument', WorkflowDocumentSchema, generate.workflowDocument],
  ['LogDocument', LogDocumentSchema, generate.logDocument],
  ['V1JobStatus', V1JobStatusSchema, generate.v1JobStatus],
  ['V1ListItem', V1ListItemSchema, generate.v1ListItem],
  ['V1JobList', V1JobListSchema, generate.v1JobList],
  ['V1PromptResponse', V1PromptResponseSchema, generate.v1PromptResponse],
  ['V1UploadResponse', V1UploadResponseSchema, generate.v1UploadResponse],
  ['V1ObjectInfo', V1ObjectInfoSchema, generate.v1ObjectInfo],
  ['ModelEntry', ModelEntrySchema, generate.modelEntry],
  ['ModelPage', ModelPageSchema, generate.modelPage],
  ['ModelDetail', ModelDetailSchema, generate.modelDetail],
  ['QueueHandle', QueueHandleSchema, generate.queueHandle],
  ['QueueStatusResponse', QueueStatusResponseSchema, generate.queueStatusResponse],
  ['CancelResponse', CancelResponseSchema, generate.cancelResponse],
  ['ValidationErrorDetail', ValidationErrorDetailSchema, generate.validationErrorDetail],
  ['StatusEvent', StatusEventSchema, generate.statusEvent],
  ['PreviewEvent', PreviewEventSchema, generate.previewEvent],
  ['LogEvent', LogEventSchema, generate.logEvent],
  ['CachedOpenApi', CachedOpenApiSchema, generate.cachedOpenApi],
];

describe.each(cases)('%s schema', (name, schema, gen) => {
  it('accepts every valid document, unknown fields included', () => {
    const random = new Random(hash(name));
    for (let i = 0; i < rounds; i++) {
      const document = gen(random);
      const result = schema.safeParse(document);
      if (!result.success)
        throw new Error(`${name} rejected ${JSON.stringify(document)}: ${result.error.message}`);
    }
  });

  it('answers malformed documents with a result, never a throw; parseWith turns failures into ApiError', () => {
    const random = new Random(hash(name) ^ 0x5eed);
    let rejected = 0;
    for (let i = 0; i < rounds; i++) {
      const document = mutate(gen(random), random);
      const result = schema.safeParse(document);
      if (!result.success) rejected++;
      try {
        parseWith(schema, document, 200, null);
      } catch (error) {
        expect(error).toBeInstanceOf(ApiError);
      }
    }
    // Sanity: the mutations do reach required fields.
    expect(rejected).toBeGreaterThan(0);
  });
});

describe('unknown enum values', () => {
  it('read as unknown and never as terminal', () => {
    const random = new Random(7);
    for (let i = 0; i < rounds; i++) {
      const document = generate.job(random) as Record<string, unknown>;
      const status = `${String(text(random))}_new`;
      const parsed = JobSchema.parse({ ...document, status });
      expect(parsed.status).toBe('unknown');
      expect(isTerminalJobStatus(parsed.status)).toBe(false);
      expect(V1JobStatusSchema.parse({ status }).status).toBe('unknown');
      expect(
        QueueStatusResponseSchema.parse({ ...(generate.queueStatusResponse(random) as object), status })
          .status,
      ).toBe('unknown');
    }
  });
});

describe('hostile keys', () => {
  it('a "__proto__" key in a response stays data and never reaches a prototype', () => {
    const links = '"urls":{"self":"/","events":"/","cancel":"/"}';
    const job = JobSchema.parse(
      JSON.parse(
        `{"__proto__":{"polluted":1},"id":"a","status":"queued","created_at":"t",${links},"metadata":{"__proto__":{"polluted":1}}}`,
      ),
    );
    const info = V1ObjectInfoSchema.parse(JSON.parse('{"__proto__":{"display_name":"x"}}'));
    for (const value of [job, job.metadata, info])
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('other readers under random input', () => {
  const random = new Random(42);

  it('SSE events decode to a typed event', () => {
    const events = ['status', 'progress', 'preview', 'output', 'log', 'message', 'weird'];
    const gens = [
      generate.statusEvent,
      generate.progress,
      generate.previewEvent,
      generate.output,
      generate.logEvent,
      junk,
      junk,
    ];
    for (let i = 0; i < rounds * 3; i++) {
      const index = random.int(0, events.length - 1);
      const raw = random.chance(0.5) ? mutate(gens[index]?.(random), random) : gens[index]?.(random);
      const data = random.chance(0.1) ? String(text(random)) : JSON.stringify(raw);
      const event = decodeJobEvent({ event: events[index], data }, 'http://127.0.0.1:1/api/v2/jobs/1/events');
      expect(typeof event.type).toBe('string');
    }
  });

  it('v1 socket frames, text and binary, decode or are passed on as unknown', () => {
    for (let i = 0; i < rounds * 3; i++) {
      const type = random.pick([
        'status',
        'progress',
        'executing',
        'executed',
        'execution_error',
        'progress_state',
        'other',
      ]);
      const frame = JSON.stringify(random.chance(0.8) ? { type, data: junk(random) } : junk(random));
      const message = parseV1JsonFrame(random.chance(0.05) ? frame.slice(0, -1) : frame);
      expect(message === null || typeof message.type === 'string').toBe(true);
      const bytes = new Uint8Array(random.int(0, 40)).map(() => random.int(0, 255));
      if (bytes.length >= 4 && random.chance(0.7)) new DataView(bytes.buffer).setUint32(0, random.int(0, 5));
      expect(typeof parseV1BinaryFrame(bytes).type).toBe('string');
    }
  });

  it('error bodies and Retry-After values always give an ApiError or a number/null', () => {
    for (let i = 0; i < rounds * 3; i++) {
      const body = random.chance(0.2)
        ? String(text(random))
        : JSON.stringify(
            random.chance(0.5)
              ? mutate({ error: { code: 'x', message: 'y', details: null } }, random)
              : junk(random),
          );
      const headers = new Headers();
      if (random.chance(0.5)) headers.set('x-svc-error-type', random.pick(['rate_limited', 'new_bucket']));
      if (random.chance(0.5))
        headers.set(
          'retry-after',
          random.pick([
            '5',
            'Wed, 21 Oct 2015 07:28:00 GMT',
            'soon',
            '-1',
            String(text(random)).replace(/[^\x20-\x7e]/g, ''),
          ]),
        );
      const error = apiErrorFromParts(
        { status: random.int(400, 599), statusText: '', headers, bodyText: body },
        Date.now(),
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(typeof error.code).toBe('string');
      const wait = parseRetryAfter(String(junk(random)), Date.now());
      expect(wait === null || (Number.isFinite(wait) && wait >= 0)).toBe(true);
    }
  });

  it('writers refuse bad queries with ApiError and nothing else', () => {
    for (let i = 0; i < rounds; i++) {
      const metadata = Object.fromEntries(
        Array.from({ length: random.int(0, 5) }, () => [
          String(text(random)),
          random.chance(0.8) ? String(text(random)) : junk(random),
        ]),
      );
      const query = {
        limit: random.pick([1, 500, 0, 501, 2.5, '5', undefined]),
        cursor: random.pick(['c', '', undefined, 5]),
        metadata,
      };
      for (const build of [
        () => listJobsQueryPairs(query as ListJobsQuery),
        () => v1ListQueryPairs({ limit: query.limit } as V1ListQuery),
      ]) {
        try {
          expect(Array.isArray(build())).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
        }
      }
    }
  });
});

function hash(name: string): number {
  let value = 2166136261;
  for (const char of name) value = Math.imul(value ^ char.charCodeAt(0), 16777619);
  return value >>> 0;
}
