// Unknown fields are kept only within a budget (issue 19, fault 4: one 50 MB job body grew the store by
// 52 MB): the meter in isolation, then the store's size after jobs.get of a huge job over a real socket.
import { statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { JobSchema, type Job } from '../api';
import { startTestServer, testConnection, type TestServer } from '../api/testing/testServer';
import { createProfileJobs } from '../jobs/profileJobs';
import { openStore } from '../store';
import { makeTempDir, type TempDir } from '../store/testing/tempDir';
import { boundUnknownFields, jsonSizeWithin, UNKNOWN_FIELDS_BUDGET_BYTES } from './unknownFields';

function wireJob(extra: Record<string, unknown> = {}, outputs: unknown[] = []): Record<string, unknown> {
  return {
    id: 'j1',
    status: 'succeeded',
    created_at: '2026-01-01T00:00:00Z',
    started_at: null,
    completed_at: null,
    expires_at: null,
    queue_position: null,
    progress: null,
    outputs,
    error: null,
    urls: { self: '/api/v2/jobs/j1', events: '/api/v2/jobs/j1/events', cancel: '/api/v2/jobs/j1/cancel' },
    ...extra,
  };
}

function output(i: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `a${i}`,
    node_id: '9',
    name: `out_${i}.png`,
    type: 'image',
    content_type: 'image/png',
    size_bytes: 10,
    hash: null,
    url: `/content/a${i}`,
    url_expires_at: null,
    ...extra,
  };
}

const parse = (body: Record<string, unknown>): Job => JobSchema.parse(body);

describe('boundUnknownFields', () => {
  it('keeps a job with few unknown fields as it is (the same object)', () => {
    const job = parse(wireJob({ region: 'eu', worker: { gpu: 'A100' } }, [output(1, { seed: 3 })]));
    expect(boundUnknownFields(job)).toBe(job);
  });

  it('drops unknown fields past the budget, in order, wherever they are', () => {
    const big = 'x'.repeat(UNKNOWN_FIELDS_BUDGET_BYTES);
    const job = parse(
      wireJob({ region: 'eu', blob: big, later: 1 }, [output(1, { seed: 3 }), output(2, { seed: 4 })]),
    );
    const kept = boundUnknownFields(job);
    expect(kept).toMatchObject({ region: 'eu' });
    expect(kept).not.toHaveProperty('blob');
    expect(kept).not.toHaveProperty('later');
    // The budget is spent: no output keeps its unknown field; every known field stays.
    expect(kept.outputs.map((o) => Object.keys(o).includes('seed'))).toEqual([false, false]);
    expect(kept.outputs.map((o) => o.id)).toEqual(['a1', 'a2']);
    expect(kept.urls.self).toBe('/api/v2/jobs/j1');
  });

  it('weighs a huge value only up to the budget left', () => {
    const huge = Array.from({ length: 200_000 }, (_, i) => ({ i }));
    expect(jsonSizeWithin(huge, 1000)).toBeGreaterThan(1000);
    expect(jsonSizeWithin({ a: [1, 'bc', null, true] }, 1000)).toBe(
      JSON.stringify({ a: [1, 'bc', null, true] }).length,
    );
  });
});

describe('a huge job read through jobs.get', () => {
  let server: TestServer | undefined;
  let dir: TempDir | undefined;
  afterEach(async () => {
    await server?.close();
    dir?.remove();
  });

  async function storeSizeAfterGet(body: string): Promise<{ bytes: number; error: unknown }> {
    server = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    dir = makeTempDir('loupe-unknown-');
    const store = openStore(dir.file('loupe.db'));
    store.profiles.insert({
      id: 'p1',
      name: 'Test',
      surface: 'serverless',
      baseUrl: server.origin,
      routerBaseUrl: null,
      builtIn: null,
    });
    const jobs = createProfileJobs('p1', testConnection(server.origin), store, { watch: { resumeLimit: 0 } });
    const error = await jobs.service.get('j1').then(
      () => null,
      (e: unknown) => e,
    );
    // Disposing flushes what the watcher queued for the store; closing checkpoints the WAL into the file.
    await jobs.dispose();
    store.close();
    return { bytes: statSync(dir.file('loupe.db')).size, error };
  }

  it('keeps the store small after reading a job of 7 MB of unknown fields', async () => {
    const padding = 'y'.repeat(1024);
    const outputs = Array.from({ length: 5_000 }, (_, i) => output(i, { padding }));
    const body = JSON.stringify(wireJob({ blob: 'z'.repeat(2 * 1024 * 1024) }, outputs));
    expect(body.length).toBeGreaterThan(7 * 1024 * 1024);
    const { bytes, error } = await storeSizeAfterGet(body);
    expect(error).toBeNull();
    // The 5,000 outputs' own fields (in the snapshot and the outputs table, about 2 MB) and their 5,000 library
    // entries with their search index (about 2 MB) are what is left; none of the 7 MB of unknown fields.
    expect(bytes).toBeLessThan(4.5 * 1024 * 1024);
  });

  it('stores nothing of a 50 MB job body: it is refused at the job limit', async () => {
    const body = JSON.stringify(wireJob({ blob: 'z'.repeat(50 * 1024 * 1024) }));
    const { bytes, error } = await storeSizeAfterGet(body);
    expect(error).toMatchObject({ code: 'response_too_large' });
    expect(bytes).toBeLessThan(1024 * 1024);
  });
});
