// Issue 21 through the real Router service and the simulator: a run's saved pictures are library entries as
// soon as the run completes (its prompt searchable, its credits in the detail), and their thumbnails are made
// from the files Loupe saved, never asked of the service (the service has no such asset).
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { routerRunDetailSchema } from '../../../src-shared/contracts/models';
import { librarySearchPageSchema, libraryEntryDetailSchema } from '../../../src-shared/contracts/library';
import { callOk } from '../app/testing/testCore';
import { readAll } from '../content/testing/bytes';
import { startRouterEnv, type RouterEnv } from '../router/testing/routerEnv';

let env: RouterEnv | null = null;
afterEach(async () => {
  await env?.close();
  env = null;
});

describe('a Router run’s media in the library', () => {
  it('are entries once the run completes, found by its prompt, with thumbnails from the saved files', async () => {
    env = await startRouterEnv();
    const run = routerRunDetailSchema.parse(
      await callOk(env.core, 'models.run', {
        profileId: env.profileId,
        modelId: 'acme/imagegen-2',
        input: { prompt: 'a quiet harbour with red boats', num_images: 2 },
        mode: 'sync',
      }),
    );
    const page = librarySearchPageSchema.parse(
      await callOk(env.core, 'library.search', { query: 'harbour boats', sources: ['router'] }),
    );
    expect(page.entries.map((e) => [e.source, e.jobId, e.assetId, e.type]).sort()).toEqual([
      ['router', run.runId, `router:${run.runId}:0`, 'image'],
      ['router', run.runId, `router:${run.runId}:1`, 'image'],
    ]);
    const first = page.entries[0];
    if (first === undefined) throw new Error('no entry');
    expect(first).toMatchObject({ title: 'a quiet harbour with red boats', model: 'acme/imagegen-2' });
    const detail = libraryEntryDetailSchema.parse(
      await callOk(env.core, 'library.get', { entryId: first.entryId }),
    );
    expect(detail.credits).toBe(run.creditsUsed);

    const reply = await env.core.content.responder.respond({
      kind: 'thumb',
      method: 'GET',
      profileId: env.profileId,
      assetId: first.assetId,
      range: null,
    });
    expect(reply.status).toBe(200);
    expect((await sharp(await readAll(reply.body)).metadata()).format).toBe('webp');
  });
});
