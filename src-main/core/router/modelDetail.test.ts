// A model's page through models.detail, against the simulator's Router: the input schema is the run operation's
// requestBody, the output its 200 content; the openapi.json is kept per profile with its ETag, and a second read
// sends If-None-Match (the simulator answers 304 only when it matches) and uses the kept copy.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelDetailSchema } from '../../../src-shared/contracts/models';
import { callOk } from '../app/testing/testCore';
import { folderNameOf } from './routerPaths';
import { routerRequests, startRouterEnv, type RouterEnv } from './testing/routerEnv';

let env: RouterEnv;
beforeAll(async () => {
  env = await startRouterEnv();
});
afterAll(() => env.close());

const detail = async (modelId: string) =>
  modelDetailSchema.parse(await callOk(env.core, 'models.detail', { profileId: env.profileId, modelId }));

describe('models.detail', () => {
  it('reads the schemas from openapi.json, and the second read revalidates with If-None-Match and uses the cache on 304', async () => {
    const first = await detail('acme/imagegen-2');
    expect(first).toMatchObject({
      id: 'acme/imagegen-2',
      provider: 'acme',
      model: 'imagegen-2',
      billing: { charges_on_policy_rejection: 'yes' },
      outputKind: 'image',
      schema: { outputContentType: 'application/json', fromCache: false },
    });
    expect(first.schema.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.schema.input).toMatchObject({
      type: 'object',
      required: ['prompt'],
      properties: { prompt: { type: 'string', minLength: 1 }, num_images: { default: 1 } },
    });
    expect(first.schema.output).toMatchObject({ required: ['images', 'seed'] });

    const second = await detail('acme/imagegen-2');
    expect(second.schema).toEqual({ ...first.schema, fromCache: true });
    const reads = routerRequests(env.sim, '/v2/models/acme/imagegen-2/openapi.json', 'GET');
    expect(reads.map((read) => read.status)).toEqual([200, 304]);
    // Kept on disk, in the profile's own folder.
    const folder = join(env.core.dataDir, 'cache', 'router-openapi', folderNameOf(env.profileId));
    expect(await readdir(folder)).toEqual(['acme%2Fimagegen-2.json']);
  });

  it('states a byte answer’s content type, and no output when the document publishes only the input half', async () => {
    expect((await detail('sonora/tts-1')).schema).toMatchObject({ outputContentType: 'audio/wav' });
    expect((await detail('lexa/chat-4')).schema).toMatchObject({
      output: null,
      outputContentType: null,
      input: { required: ['messages'] },
    });
  });

  it('answers 404 for a model the Router does not know, as a typed error', async () => {
    const result = await env.core.dispatcher.call('models.detail', {
      profileId: env.profileId,
      modelId: 'acme/no-such-model',
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'model_not_found', status: 404 } });
  });
});
