// startSimulator's media override: a benchmark that needs outputs of a given size and weight (four 4K
// renders for the compare bench) brings its own pictures, and the job's saved image is exactly those bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textToImageWorkflow } from './jobs/sampleWorkflows';
import { startSimulator, type RunningSimulator } from './server';
import { arr, client, fastTiming, obj, waitForStatus } from './testing/testKit';

describe('the media override', () => {
  let sim: RunningSimulator;
  const asked: [number, number, number][] = [];
  const picture = Buffer.from('not really a png, but the bytes given');
  beforeAll(async () => {
    sim = await startSimulator(
      { surface: 'serverless', timing: fastTiming },
      {
        media: {
          makePng: (width, height, seed) => {
            asked.push([width, height, seed]);
            return picture;
          },
        },
      },
    );
  });
  afterAll(() => sim.close());

  it('saves the picture the override made, asked for by the sampler’s seed', async () => {
    const api = client(sim.url, 'demo-key');
    const workflow = textToImageWorkflow({ seed: 3, width: 3840, height: 2160, steps: 1 });
    const id = String(obj((await api.post('/api/v2/jobs', { workflow })).body).id);
    const done = await waitForStatus(api, id, ['succeeded']);
    const output = obj(arr(done.outputs)[0]);
    const bytes = Buffer.from(await (await fetch(String(output.url))).arrayBuffer());
    expect(bytes.equals(picture)).toBe(true);
    expect(asked.at(-1)?.[2]).toBe(3);
  });

  it('draws no step previews nobody reads: a 40-step run with no stream open asks only for its picture', async () => {
    asked.length = 0;
    const api = client(sim.url, 'demo-key');
    const workflow = textToImageWorkflow({ seed: 9, width: 64, height: 64, steps: 40 });
    const id = String(obj((await api.post('/api/v2/jobs', { workflow })).body).id);
    await waitForStatus(api, id, ['succeeded']);
    expect(asked).toEqual([[64, 64, 9]]);
  });
});
