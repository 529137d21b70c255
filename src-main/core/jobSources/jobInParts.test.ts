// Reading a job a slice at a time makes what reading it in one go makes (the schema, the links, the
// unknown-field budget), and lets the event loop run between slices.
import { describe, expect, it } from 'vitest';
import { JobSchema } from '../api';
import { absoluteJobLinks } from '../api/links';
import { wireFromJobInParts } from './jobInParts';
import { rawStatusOf, readWire, wireFromJob } from './wireJob';

function body(outputs: number): Record<string, unknown> {
  return {
    id: 'j1',
    status: 'some_new_status',
    created_at: '2026-01-01T00:00:00Z',
    started_at: null,
    completed_at: null,
    expires_at: null,
    queue_position: null,
    progress: { value: 1, nodes_done: 1, nodes_total: 1, extra: 'x'.repeat(100) },
    outputs: Array.from({ length: outputs }, (_, i) =>
      i % 997 === 3
        ? { broken: true }
        : {
            id: `a${i}`,
            node_id: '1',
            name: `out_${i}.txt`,
            type: i % 2 === 0 ? 'text' : 'hologram',
            content_type: 'text/plain',
            size_bytes: 1,
            hash: null,
            url: `/api/v2/assets/a${i}/content`,
            url_expires_at: null,
            padding: 'p'.repeat(40),
          },
    ),
    error: null,
    metrics: { queue_ms: 3, gpu_ms: 9 },
    urls: { self: '/api/v2/jobs/j1', events: '/api/v2/jobs/j1/events', cancel: '/api/v2/jobs/j1/cancel' },
    region: 'eu',
  };
}

const url = 'http://127.0.0.1:9/mount/api/v2/jobs/j1';

describe('wireFromJobInParts', () => {
  it('makes what a read in one go makes, unknown-field budget and links included', async () => {
    const answer = body(2_500);
    let yields = 0;
    const inParts = await wireFromJobInParts({ body: answer, status: 200, requestId: null, url }, () => {
      yields++;
      return Promise.resolve();
    });
    const inOneGo = wireFromJob(absoluteJobLinks(JobSchema.parse(answer), url), rawStatusOf(answer));
    expect(inParts).toEqual(inOneGo);
    expect(readWire(inParts)).toEqual(readWire(inOneGo));
    expect(readWire(inParts).status).toBe('some_new_status');
    expect(readWire(inParts).outputs?.[0]?.url).toBe('http://127.0.0.1:9/api/v2/assets/a0/content');
    // Three slices of a thousand: two turns of the event loop between them.
    expect(yields).toBe(2);
  });

  it('refuses a body that is not a job', async () => {
    await expect(
      wireFromJobInParts({ body: { id: 'j1' }, status: 200, requestId: 'r1', url }),
    ).rejects.toMatchObject({ code: 'invalid_response', requestId: 'r1' });
  });
});
