// Visiting twenty profiles and coming back to one (issue 20): how many profile runtimes stay built, and main's
// heap, against the heap of the same twenty runtimes all kept (measured in the same run). One profile has a
// batch sending the whole time: its runtime must stay; the nineteen visited ones without work must go.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  connectionTo,
  startFast,
  type RunningSimulator,
} from '../../src-main/core/api/testing/conformance/simulatorHarness';
import { ProfileRuntimes } from '../../src-main/core/jobs/profileRuntimes';
import { recordPlannedBatch } from '../../src-main/core/outbox/plannedBatch';
import { openStore } from '../../src-main/core/store';
import { makeTempDir } from '../../src-main/core/store/testing/tempDir';
import { textToImageWorkflow } from '../../src-main/simulator/jobs/sampleWorkflows';
import type { Figure } from '../figures';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

async function settledHeapMb(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    collect();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

export async function benchRuntimes(profileCount = 20): Promise<Figure[]> {
  const dir = makeTempDir('loupe-bench-runtimes-');
  const store = openStore(dir.file('loupe.db'));
  const sims: RunningSimulator[] = [];
  let clock = 0;
  const runtimes = new ProfileRuntimes({
    profiles: { exists: (id) => store.profiles.get(id) !== null, onChange: () => () => undefined },
    connect: (profileId) => {
      const sim = sims[Number(profileId.slice(1))];
      return sim === undefined
        ? Promise.reject(new Error(`no simulator for ${profileId}`))
        : Promise.resolve(connectionTo(sim));
    },
    store,
    idleMs: 1_000,
    sweepMs: 3_600_000,
    now: () => clock,
  });
  try {
    for (let i = 0; i <= profileCount; i++) {
      const sim = await startFast({ surface: 'serverless', timing: { stepMs: 50 } });
      sims.push(sim);
      store.profiles.insert({
        id: `p${i}`,
        name: `P${i}`,
        surface: 'serverless',
        baseUrl: sim.url,
        routerBaseUrl: null,
        builtIn: null,
      });
    }
    // p0 sends a long batch all along.
    const batch = recordPlannedBatch(
      { store, profileId: 'p0', surface: 'serverless', newId: () => crypto.randomUUID() },
      { name: 'long', plan: { axes: ['3.seed'] } },
      Array.from({ length: 400 }, (_, seed) => ({
        values: [{ target: '3.seed', value: seed }],
        workflow: textToImageWorkflow({ seed, steps: 20 }),
      })),
    );
    (await runtimes.runtime('p0')).senders.start(batch.id, 2);
    const before = await settledHeapMb();
    // The window visits each other profile and reads its job list, as the Jobs screen would.
    for (let i = 1; i <= profileCount; i++) {
      const runtime = await runtimes.runtime(`p${i}`);
      await runtime.service.list({ limit: 50 });
    }
    const allKept = await settledHeapMb();
    const builtAfterVisits = runtimes.live().length;
    clock += 2_000;
    await runtimes.runtime('p1');
    runtimes.releaseIdle();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const afterRelease = await settledHeapMb();
    const left = runtimes.live().sort();
    const grown = allKept - before;
    const kept = afterRelease - before;
    return [
      { name: `runtimes built after visiting ${profileCount} profiles`, value: builtAfterVisits, unit: '' },
      {
        name: 'runtimes left after coming back to one (one with work, the one shown)',
        value: left.length,
        unit: left.join(' '),
        target: '≤ 2',
        met: left.length <= 2 && left.includes('p0'),
      },
      { name: 'heap grown by the visits, all runtimes kept (reference, same run)', value: grown, unit: 'MB' },
      { name: 'heap still held after the idle ones were released', value: kept, unit: 'MB' },
    ];
  } finally {
    await runtimes.dispose();
    store.close();
    dir.remove();
    await Promise.all(sims.map((sim) => sim.close()));
  }
}
