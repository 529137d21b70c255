// The catalogue through models.catalogue, against the simulator's Router over real sockets: every page followed
// (its catalogue has unlisted models that make pages short while has_more is still true), kept in the store and
// answered from there, stale with a reason when the Router is down, no_router for a profile without an address,
// and each model's output kind once its openapi.json has been read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelCatalogueSchema, type ModelCatalogue } from '../../../src-shared/contracts/models';
import { callOk } from '../app/testing/testCore';
import { addRouterProfile, routerRequests, startRouterEnv, type RouterEnv } from './testing/routerEnv';

let env: RouterEnv;
beforeAll(async () => {
  env = await startRouterEnv({ core: { router: { pageSize: 10, maxAttempts: 1 } } });
});
afterAll(() => env.close());

async function catalogue(refresh?: boolean): Promise<Extract<ModelCatalogue, { kind: 'catalogue' }>> {
  const answer = modelCatalogueSchema.parse(
    await callOk(
      env.core,
      'models.catalogue',
      refresh === undefined ? { profileId: env.profileId } : { profileId: env.profileId, refresh },
    ),
  );
  if (answer.kind !== 'catalogue') throw new Error(`expected a catalogue, got ${answer.kind}`);
  return answer;
}

describe('models.catalogue', () => {
  it('follows next_cursor over every page, short pages included, then answers from the store', async () => {
    const first = await catalogue();
    const pages = routerRequests(env.sim, '/v2/models', 'GET');
    // 32 catalogue rows in windows of 10: four pages; the first is short (two unlisted models) yet has_more.
    expect(pages.map((page) => page.status)).toEqual([200, 200, 200, 200]);
    expect(pages[0]?.query).toBe('limit=10');
    expect(pages[1]?.query).toMatch(/^cursor=[A-Za-z0-9_-]+&limit=10$/);
    expect(first.models).toHaveLength(30);
    expect(new Set(first.models.map((model) => model.id)).size).toBe(30);
    expect(first.models.map((model) => model.id)).toContain('vectorly/embed-multilingual-1');
    expect(first.models.find((model) => model.id === 'acme/imagegen-2')).toEqual({
      id: 'acme/imagegen-2',
      provider: 'acme',
      model: 'imagegen-2',
      billing: { charges_on_policy_rejection: 'yes' },
      outputKind: null,
    });
    expect(first).toMatchObject({ stale: false, staleReason: null });

    const again = await catalogue();
    expect(routerRequests(env.sim, '/v2/models', 'GET')).toHaveLength(4);
    expect(again).toEqual(first);
  });

  it('refresh reads the Router again; when it cannot, the kept copy comes back marked stale with the reason', async () => {
    const kept = await catalogue();
    env.sim.control.setFaults({ router: { unavailable: true } });
    try {
      const stale = await catalogue(true);
      expect(stale).toMatchObject({ stale: true, fetchedAt: kept.fetchedAt });
      expect(stale.staleReason).toContain('503');
      expect(stale.models).toEqual(kept.models);
      // Nothing kept for a new profile: the failure itself is the answer.
      const other = await addRouterProfile(env.core, env.sim, 'demo-key', 'fresh');
      await expect(env.core.router.catalogue(other)).rejects.toMatchObject({ status: 503 });
    } finally {
      env.sim.control.setFaults({ router: null });
    }
    expect((await catalogue(true)).stale).toBe(false);
  });

  it('says no_router, and asks nothing, for a profile without a Router address', async () => {
    const before = routerRequests(env.sim, /\/v2\/models/).length;
    const plain = await env.core.profiles.create({
      name: 'no router',
      surface: 'serverless',
      baseUrl: env.sim.url,
    });
    const answer = await env.core.router.catalogue(plain.id, { refresh: true });
    expect(answer.kind).toBe('no_router');
    expect(routerRequests(env.sim, /\/v2\/models/)).toHaveLength(before);
  });

  it('knows a model’s output kind once its openapi.json has been read (its page opened, or read in the background)', async () => {
    const kinds: [string, string | null][] = [
      ['acme/imagegen-2', 'image'],
      ['sonora/tts-1', 'audio'],
      ['lumen/video-1', 'video'],
      ['lexa/chat-3.5', 'text'],
      ['scribe/transcribe-2', 'text'],
      ['vectorly/embed-3', 'data'],
      // Publishes only the input half of its openapi.json.
      ['lexa/chat-4', null],
    ];
    for (const [modelId] of kinds)
      await callOk(env.core, 'models.detail', { profileId: env.profileId, modelId });
    const models = (await catalogue()).models;
    for (const [modelId, kind] of kinds) {
      expect(models.find((model) => model.id === modelId)?.outputKind, modelId).toBe(kind);
    }
    // A model whose page was never opened: the catalogue's background read of each model's openapi.json
    // (factsReader.ts) tells its kind too, without anyone asking.
    await expect
      .poll(
        async () => (await catalogue()).models.find((model) => model.id === 'acme/upscale-4x')?.outputKind,
        {
          timeout: 15_000,
        },
      )
      .toBe('image');
  });
});
