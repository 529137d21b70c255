// Kept bytes outlive the service: against the simulator with a 60 s retention, a kept output's job and asset
// then answer 404, and the asset route (the responder both hosts serve) still gives identical bytes (blake3),
// with ranges, its thumbnail is made from the kept copy, and library.export writes it with a manifest (the
// picture's bytes with the job's API workflow added as its `prompt` chunk, as every Loupe export writes it).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startSimulator, type RunningSimulator } from '../../../simulator/server';
import { textToImageWorkflow } from '../../../simulator/jobs/sampleWorkflows';
import { client } from '../../../simulator/testing/testKit';
import {
  callOk,
  connectCore,
  createTestCore,
  submitUntilDone,
  type TestCore,
} from '../../app/testing/testCore';
import { readAll } from '../../content/testing/bytes';
import { THUMB_CACHE_CONTROL } from '../../content/assetHeaders';
import { makeTempDir, type TempDir } from '../../store/testing/tempDir';
import { withPrompt } from '../../../../src-shared/png/pngPrompt';
import { blake3Of } from './testing/entries';

const KEY = 'demo-key';
let sim: RunningSimulator;
let core: TestCore;
let exportRoot: TempDir;

beforeAll(async () => {
  sim = await startSimulator({
    surface: 'serverless',
    timing: { dispatchMs: 5, nodeMs: 5, stepMs: 2, retentionMs: 60_000 },
  });
  exportRoot = makeTempDir('loupe-library-export-');
  core = await createTestCore({ exportRoot: exportRoot.path });
});
afterAll(async () => {
  await core.dispose();
  await sim.close();
  exportRoot.remove();
});

describe('retention', () => {
  it('serves, thumbnails and exports a kept output after the service forgot it', async () => {
    const profileId = await connectCore(core, { surface: 'serverless', baseUrl: sim.url, key: KEY });
    const { done } = await submitUntilDone(core, {
      profileId,
      workflowJson: JSON.stringify(textToImageWorkflow({ steps: 2, prompt: 'a lighthouse at dusk' })),
    });
    expect(done.status).toBe('succeeded');
    const output = done.outputs.find((o) => o.type === 'image');
    if (output === undefined) throw new Error('the job made no image');
    const own = client(sim.url, KEY);
    const content = await fetch(`${sim.url}/api/v2/assets/${output.assetId}/content`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(content.status).toBe(200);
    const original = Buffer.from(await content.arrayBuffer());
    // The job's output is in the library once Loupe has written its outputs: no job page was opened.
    let entryId = 0;
    await expect
      .poll(async () => {
        const found = await core.dispatcher.call('library.search', { query: 'lighthouse' });
        const entries = found.ok
          ? (found.value as { entries: Array<{ entryId: number; assetId: string }> }).entries
          : [];
        entryId = entries.find((entry) => entry.assetId === output.assetId)?.entryId ?? 0;
        return entryId;
      })
      .toBeGreaterThan(0);
    // Starred (the default rule): rating it through the contract keeps it.
    expect(await core.dispatcher.call('library.rate', { entryIds: [entryId], rating: 5 })).toMatchObject({
      ok: true,
    });
    await core.library.keep.settled();
    expect(core.store.libraryKeep.get(entryId)?.keepState).toBe('kept');

    sim.control.advanceClock(61_000);
    expect((await own.get(`/api/v2/jobs/${done.id}`)).status).toBe(404);
    expect((await own.get(`/api/v2/assets/${output.assetId}`)).status).toBe(404);

    const whole = await core.content.responder.respond({
      method: 'GET',
      profileId,
      assetId: output.assetId,
      range: null,
    });
    expect(whole.status).toBe(200);
    const served = await readAll(whole.body);
    expect(blake3Of(served)).toBe(output.hash ?? blake3Of(original));
    expect(served.equals(original)).toBe(true);
    const part = await core.content.responder.respond({
      method: 'GET',
      profileId,
      assetId: output.assetId,
      range: 'bytes=0-7',
    });
    expect(part.status).toBe(206);
    expect((await readAll(part.body)).equals(original.subarray(0, 8))).toBe(true);

    const thumb = await core.content.responder.respond({
      kind: 'thumb',
      method: 'GET',
      profileId,
      assetId: output.assetId,
      range: null,
    });
    expect(thumb.status).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    // A whole thumbnail may be kept by the page (its bytes never change under the URL); nothing else may.
    expect(thumb.headers['cache-control']).toBe(THUMB_CACHE_CONTROL);
    expect(whole.headers['cache-control']).toBe('no-store');
    expect((await sharp(await readAll(thumb.body)).metadata()).format).toBe('webp');
    expect(core.library.thumbs.counts.fetched).toBe(0);

    const exported = (await callOk(core, 'library.export', { entryIds: [entryId] })) as {
      kind: string;
      saved: number;
      folder: string;
      failed: unknown[];
    };
    expect(exported).toMatchObject({ kind: 'saved', saved: 1, failed: [] });
    const files = readdirSync(exported.folder).sort();
    expect(files).toEqual(['manifest.csv', 'manifest.json', output.name].sort());
    // The kept bytes, unchanged, with the workflow Loupe sent written in: the picture opens as a workflow again.
    const workflow = core.store.jobs.get(profileId, done.id)?.workflow ?? null;
    if (workflow === null) throw new Error('Loupe lost the workflow it sent');
    const file = readFileSync(join(exported.folder, output.name));
    expect(file.equals(Buffer.from(withPrompt(original, workflow)))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(exported.folder, 'manifest.json'), 'utf8')) as {
      entries: { source: string; hash: string }[];
    };
    expect(manifest.entries[0]).toMatchObject({ source: 'kept', hash: blake3Of(file) });
  });
});
