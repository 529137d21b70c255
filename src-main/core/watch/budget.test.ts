// The request budget with production intervals: 500 running jobs cost a few requests a second, carried by
// the list endpoint (v2 on serverless, v1 on managed), not 500. The same scenario is `npm run bench`.
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../simulator/server';
import { runWatcherScenario, type WatcherScenarioResult } from '../../../bench/core/watcherBench';

/** The bench scenario with a shorter warm-up and window than `npm run bench`, to keep the suite quick. */
function measure(surface: 'serverless' | 'managed'): Promise<WatcherScenarioResult> {
  return runWatcherScenario({ startSimulator, surface, warmupMs: 1_000, windowMs: 2_500 });
}

describe('the watcher request budget (500 running jobs, real intervals)', () => {
  it('serverless: the v2 list carries them; a few requests a second', async () => {
    const result = await measure('serverless');
    expect(result.perSecond).toBeLessThanOrEqual(4);
    expect(result.byKind.v2List).toBeGreaterThanOrEqual(1);
    // Only the one job open live is read on its own (its stream carries it; a poll confirms now and then).
    expect(result.byKind.jobReads).toBeLessThanOrEqual(2);
    expect(result.openStreams).toBe(1);
    expect(result.naivePerSecond).toBe(500);
  }, 30_000);

  it('managed: the v1 list carries them', async () => {
    const result = await measure('managed');
    expect(result.perSecond).toBeLessThanOrEqual(4);
    expect(result.byKind.v1List).toBeGreaterThanOrEqual(1);
    expect(result.byKind.v2List).toBe(0);
    expect(result.byKind.jobReads).toBeLessThanOrEqual(2);
  }, 30_000);
});
