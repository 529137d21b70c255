// ModelFactsReader.stop: the app closes while a background pass reads model pages. The reads in flight are cut
// off, stop() resolves once every pass has ended, and nothing is written or logged after it (a log after a
// test file's end broke a unit run; a write after the store closes would throw in a floating promise).
import { afterEach, describe, expect, it } from 'vitest';
import { openTempStore, testProfile, type TempStore } from '../store/testing/tempStore';
import { ModelFactsReader } from './factsReader';

let temp: TempStore | undefined;
afterEach(() => {
  temp?.store.close();
  temp?.dir.remove();
  temp = undefined;
});

const models = ['a/one', 'a/two', 'a/three', 'a/four', 'a/five', 'a/six'].map((id) => ({
  id,
  provider: 'a',
  model: id.slice(2),
  billing: {},
}));

describe('ModelFactsReader.stop', () => {
  it('cuts off the reads in flight, waits for them, then reads, writes and logs nothing more', async () => {
    temp = openTempStore({ profile: testProfile });
    const { store } = temp;
    store.routerCatalogue.replace(testProfile.id, models, '2025-01-01T00:00:00Z');
    const asked: string[] = [];
    const logged: string[] = [];
    // Each page read waits until its signal ends it, as a slow Router's would.
    const reader = new ModelFactsReader({
      store,
      detail: {
        facts: (_profileId, modelId, signal) => {
          asked.push(modelId);
          return new Promise((_resolve, reject) => {
            signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
          });
        },
      },
      logError: (message) => logged.push(message),
    });

    const pass = reader.fill(testProfile.id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toHaveLength(4);

    await reader.stop();
    // The pass has ended by then; the two models never asked stay unasked, and unknown.
    await expect(pass).resolves.toBeUndefined();
    expect(asked).toHaveLength(4);
    expect(logged).toEqual([]);
    expect(store.routerCatalogue.facts(testProfile.id).size).toBe(0);
    // A pass asked for after the close starts nothing.
    await reader.fill(testProfile.id);
    expect(asked).toHaveLength(4);
  });

  it('a read that fails before the close is still logged and the pass goes on', async () => {
    temp = openTempStore({ profile: testProfile });
    const { store } = temp;
    store.routerCatalogue.replace(testProfile.id, models.slice(0, 2), '2025-01-01T00:00:00Z');
    const logged: string[] = [];
    const reader = new ModelFactsReader({
      store,
      detail: {
        facts: (_profileId, modelId) =>
          modelId === 'a/one'
            ? Promise.reject(new Error('offline'))
            : Promise.resolve(
                store.routerCatalogue.setFacts(testProfile.id, modelId, {
                  outputKind: 'image',
                  outputContentType: 'image/png',
                }),
              ),
      },
      logError: (message) => logged.push(message),
    });
    await reader.fill(testProfile.id);
    expect(logged).toEqual(['Router model a/one: its page could not be read']);
    expect([...store.routerCatalogue.facts(testProfile.id).keys()]).toEqual(['a/two']);
    await reader.stop();
  });
});
