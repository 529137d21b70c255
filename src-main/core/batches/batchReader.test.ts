// batches.list / batches.get read from a real store file: counts, finished, the gallery's outputs and their
// order, and profile scoping. Rows damaged on disk: batchReaderDamage.test.ts.
import { describe, expect, it } from 'vitest';
import { batchDetailSchema, batchSummarySchema } from '../../../src-shared/contracts/batches';
import { failureOf } from './testing/batchStoreFixture';
import { batchStoreTestbed } from './testing/batchStoreTestbed';

const bed = batchStoreTestbed();
const { recordJob, recordBatch } = bed;

describe('batches.list', () => {
  it('lists the active profile’s batches newest first with counts, outputs and finished', () => {
    recordJob('p', 'j-ok', 'succeeded', ['a1', 'a2']);
    recordJob('p', 'j-run', 'running');
    recordJob('p', 'j-odd', 'paused'); // a status this build does not know
    recordBatch('p', 'mixed', [
      { state: 'pending' },
      { state: 'sent' },
      { state: 'unknown' },
      { state: 'failed' },
      { state: 'created', jobId: 'j-ok' },
      { state: 'created', jobId: 'j-run' },
      { state: 'created', jobId: 'j-odd' },
      { state: 'created', jobId: 'j-never-recorded' },
    ]);
    recordJob('p', 'j-done', 'failed');
    recordBatch('p', 'done', [
      { state: 'failed' },
      { state: 'created', jobId: 'j-ok' },
      { state: 'created', jobId: 'j-done' },
    ]);
    recordBatch('p', 'empty', []);

    const { batches } = bed.fixture.reader.list('p');
    expect(batches.map((b) => b.id)).toEqual(['empty', 'done', 'mixed']);
    for (const batch of batches) batchSummarySchema.parse(batch);
    const [empty, done, mixed] = batches;
    expect(mixed).toMatchObject({
      name: 'Batch mixed',
      itemCount: 8,
      counts: { submitting: 3, submitFailed: 1, jobs: { succeeded: 1, running: 1, unknown: 2 } },
      outputsCount: 2,
      finished: false,
    });
    expect(done).toMatchObject({
      itemCount: 3,
      counts: { submitting: 0, submitFailed: 1, jobs: { succeeded: 1, failed: 1 } },
      outputsCount: 2,
      finished: true,
    });
    expect(empty).toEqual({
      id: 'empty',
      name: 'Batch empty',
      createdAt: expect.any(String) as string,
      itemCount: 0,
      counts: { submitting: 0, submitFailed: 0, jobs: {} },
      outputsCount: 0,
      thumbnail: null,
      finished: true,
    });
  });

  it('shows a batch by the first image of its first item that has one, in item order', () => {
    // The first item's job wrote only a latent; the second item has no job yet; the third has pictures.
    bed.fixture.store.jobs.recordSubmitted('p', {
      jobId: 'j-latent',
      status: 'succeeded',
      workflow: {},
      snapshot: {
        id: 'j-latent',
        status: 'succeeded',
        outputs: [
          {
            id: 'lat',
            node_id: '4',
            name: 'lat.latent',
            type: 'latent',
            content_type: 'application/octet-stream',
            size_bytes: 5,
            hash: null,
            url: 'https://p.example.com/api/v2/assets/lat/content',
          },
        ],
      },
    });
    // Ids out of alphabetical order: the picture follows the items, not the ids.
    recordJob('p', 'j-late', 'succeeded', ['z-later']);
    recordJob('p', 'j-pics', 'succeeded', ['y-first', 'a-second']);
    recordBatch('p', 'b', [
      { state: 'created', jobId: 'j-latent' },
      { state: 'sent' },
      { state: 'created', jobId: 'j-pics' },
      { state: 'created', jobId: 'j-late' },
    ]);
    recordBatch('p', 'latent-only', [{ state: 'created', jobId: 'j-latent' }]);

    const [latentOnly, b] = bed.fixture.reader.list('p').batches;
    expect(batchSummarySchema.parse(b).thumbnail).toEqual({ assetId: 'y-first', contentType: 'image/png' });
    expect(latentOnly?.thumbnail).toBeNull();
    // The batch's own screen agrees with its row.
    expect(bed.fixture.reader.get('p', 'b').thumbnail).toEqual(b?.thumbnail);
  });

  it('shows a batch that made only sound by its first waveform, and one that made only video by its poster', () => {
    const recordMedia = (jobId: string, assetId: string, type: 'audio' | 'video', contentType: string) =>
      bed.fixture.store.jobs.recordSubmitted('p', {
        jobId,
        status: 'succeeded',
        workflow: {},
        snapshot: {
          id: jobId,
          status: 'succeeded',
          outputs: [
            {
              id: assetId,
              node_id: '2',
              name: `${assetId}.bin`,
              type,
              content_type: contentType,
              size_bytes: 5,
              hash: null,
              url: `https://p.example.com/api/v2/assets/${assetId}/content`,
            },
          ],
        },
      });
    recordMedia('j-tone', 'wav-1', 'audio', 'audio/wav');
    recordMedia('j-clip', 'webm-1', 'video', 'video/webm');
    recordBatch('p', 'tones', [{ state: 'created', jobId: 'j-tone' }]);
    recordBatch('p', 'clips', [{ state: 'created', jobId: 'j-clip' }]);
    const byId = new Map(bed.fixture.reader.list('p').batches.map((batch) => [batch.id, batch]));
    expect(batchSummarySchema.parse(byId.get('tones')).thumbnail).toEqual({
      assetId: 'wav-1',
      contentType: 'audio/wav',
      kind: 'waveform',
    });
    expect(batchSummarySchema.parse(byId.get('clips')).thumbnail).toEqual({
      assetId: 'webm-1',
      contentType: 'video/webm',
      kind: 'poster',
    });
    expect(bed.fixture.reader.get('p', 'clips').thumbnail).toEqual(byId.get('clips')?.thumbnail);
  });

  it('follows the stored job: finished once its job reaches a final state', () => {
    recordJob('p', 'j1', 'running');
    recordBatch('p', 'b', [{ state: 'created', jobId: 'j1' }]);
    expect(bed.fixture.reader.list('p').batches[0]).toMatchObject({
      counts: { jobs: { running: 1 } },
      finished: false,
    });
    bed.fixture.store.jobs.upsertSnapshot('p', { id: 'j1', status: 'canceled' });
    expect(bed.fixture.reader.list('p').batches[0]).toMatchObject({
      counts: { jobs: { canceled: 1 } },
      finished: true,
    });
  });

  it('shows only the named profile’s batches', () => {
    recordBatch('p', 'bp', []);
    recordBatch('q', 'bq', []);
    expect(bed.fixture.reader.list('p').batches.map((b) => b.id)).toEqual(['bp']);
    expect(bed.fixture.reader.list('q').batches.map((b) => b.id)).toEqual(['bq']);
  });
});

describe('batches.get', () => {
  it('lists the items in order with their submission and the job as stored', () => {
    recordJob('p', 'j-b', 'succeeded');
    recordJob('p', 'j-odd', 'paused');
    recordBatch('p', 'b', [
      { state: 'created', jobId: 'j-b' },
      { state: 'failed' },
      { state: 'pending' },
      { state: 'created', jobId: 'j-odd' },
      { state: 'created', jobId: 'j-gone' },
    ]);
    const detail = batchDetailSchema.parse(bed.fixture.reader.get('p', 'b'));
    expect(detail.items.map((i) => [i.position, i.submission, i.jobId, i.job?.status ?? null])).toEqual([
      [0, 'created', 'j-b', 'succeeded'],
      [1, 'failed', null, null],
      [2, 'pending', null, null],
      [3, 'created', 'j-odd', 'unknown'],
      [4, 'created', 'j-gone', null],
    ]);
    expect(detail.items[0]).toMatchObject({ id: 'b-i0', attempts: 1, submitError: null });
    expect(detail.items[0]!.job).toMatchObject({ id: 'j-b', submittedByUs: true });
    expect(detail.items[1]).toMatchObject({ attempts: 1, submitError: 'invalid_workflow: node 4 missing' });
    expect(detail.items[2]).toMatchObject({ attempts: 0, submitError: null, job: null });
    expect(detail.items[3]!.job).toMatchObject({ rawStatus: 'paused' });
    expect(detail.counts).toEqual({ submitting: 1, submitFailed: 1, jobs: { succeeded: 1, unknown: 2 } });
  });

  it('counts a job the service forgot as gone, in the list and the detail, and the item says when', () => {
    recordJob('p', 'j-lost', 'running');
    recordJob('p', 'j-ok', 'succeeded');
    expect(bed.fixture.store.jobs.markGone('p', 'j-lost', '2026-11-30T03:00:00.000Z')).toBe(true);
    recordBatch('p', 'b', [
      { state: 'created', jobId: 'j-lost' },
      { state: 'created', jobId: 'j-ok' },
      { state: 'created', jobId: 'j-not-read' },
    ]);
    const counts = { submitting: 0, submitFailed: 0, jobs: { succeeded: 1, unknown: 1 }, gone: 1 };
    expect(bed.fixture.reader.list('p').batches[0]).toMatchObject({ counts, finished: false });
    const detail = batchDetailSchema.parse(bed.fixture.reader.get('p', 'b'));
    expect(detail.counts).toEqual(counts);
    expect(detail.items[0]!.job).toMatchObject({
      status: 'unknown',
      rawStatus: 'running',
      goneAt: '2026-11-30T03:00:00.000Z',
    });
  });

  it('gives each item the summary jobs.list gives: labels and the attempts chain from Loupe’s record', () => {
    // The submit answer carried no labels; Loupe recorded the ones it sent, and that this job is a retry.
    bed.fixture.store.jobs.recordSubmitted('p', {
      jobId: 'j-retry',
      status: 'queued',
      workflow: {},
      labels: { run: 'night' },
      retryOf: 'j-first',
      snapshot: { id: 'j-retry', status: 'queued' },
    });
    recordBatch('p', 'b', [{ state: 'created', jobId: 'j-retry' }]);
    expect(bed.fixture.reader.get('p', 'b').items[0]!.job).toMatchObject({
      id: 'j-retry',
      status: 'queued',
      labels: { run: 'night' },
      retryOf: 'j-first',
      submittedByUs: true,
    });
  });

  it('gathers outputs in item order, then each job’s own order, each with its job id', () => {
    // Ids chosen so neither job id nor asset id order matches the order the gallery must keep.
    recordJob('p', 'j-z', 'succeeded', ['z-first', 'a-second']);
    recordJob('p', 'j-a', 'running', ['m-only']);
    recordJob('p', 'j-none', 'failed');
    recordBatch('p', 'b', [
      { state: 'created', jobId: 'j-z' },
      { state: 'sent' },
      { state: 'created', jobId: 'j-none' },
      { state: 'created', jobId: 'j-a' },
    ]);
    const detail = batchDetailSchema.parse(bed.fixture.reader.get('p', 'b'));
    expect(detail.outputs.map((o) => [o.jobId, o.assetId])).toEqual([
      ['j-z', 'z-first'],
      ['j-z', 'a-second'],
      ['j-a', 'm-only'],
    ]);
    expect(detail.outputs[0]).toEqual({
      assetId: 'z-first',
      nodeId: '9',
      name: 'z-first.png',
      type: 'image',
      contentType: 'image/png',
      sizeBytes: 100,
      hash: null,
      jobId: 'j-z',
    });
    expect(detail.outputsCount).toBe(3);
    expect(bed.fixture.reader.list('p').batches[0]!.outputsCount).toBe(3);
  });

  it('shows a job two items name once in the gallery, and counts both items', () => {
    recordJob('p', 'j1', 'succeeded', ['a1']);
    recordBatch('p', 'b', [
      { state: 'created', jobId: 'j1' },
      { state: 'created', jobId: 'j1' },
    ]);
    const detail = bed.fixture.reader.get('p', 'b');
    expect(detail.outputs.map((o) => o.assetId)).toEqual(['a1']);
    expect(detail.counts.jobs).toEqual({ succeeded: 2 });
  });

  it('does not find another profile’s batch, nor an unknown id', () => {
    recordBatch('q', 'bq', []);
    const foreign = failureOf(() => bed.fixture.reader.get('p', 'bq'));
    expect(foreign.code).toBe('batch_not_found');
    expect(foreign.message).toMatch(/another connection/);
    expect(failureOf(() => bed.fixture.reader.get('p', 'nope')).code).toBe('batch_not_found');
    expect(bed.fixture.reader.get('q', 'bq').id).toBe('bq');
    // The check a control makes without reading the items: the same answers.
    expect(failureOf(() => bed.fixture.reader.owned('p', 'bq')).code).toBe('batch_not_found');
    expect(failureOf(() => bed.fixture.reader.owned('p', 'nope')).code).toBe('batch_not_found');
    expect(bed.fixture.reader.owned('q', 'bq')).toMatchObject({ id: 'bq', profileId: 'q' });
  });
});
