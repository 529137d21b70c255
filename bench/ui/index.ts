// `npm run bench -- ui`: what a user feels in the window, measured in Debian's Chromium against the browser
// shell (the built app), one table per area. Areas run one after another: each starts its own shell (and
// service) and stops it before the next. LOUPE_BENCH_UI=cold,list runs only the areas named;
// LOUPE_BENCH_NO_BUILD=1 measures the build already in out/ instead of building first.
import type { Browser } from 'playwright-core';
import type { Figures } from '../figures';
import { launchChromium } from './browser';
import { buildApp } from './build';
import { benchBatchesAndThumbnails } from './batchAreas';
import { benchColdStart } from './coldStartBench';
import { benchCompare } from './compareBench';
import { benchJobList } from './jobListBench';
import { benchLibraryGrid } from './libraryGridBench';
import { benchSseToScreen } from './sseBench';

const AREAS: Record<string, (browser: Browser) => Promise<Figures | Figures[]>> = {
  list: benchJobList,
  sse: benchSseToScreen,
  batch: benchBatchesAndThumbnails,
  cold: benchColdStart,
  compare: benchCompare,
  library: benchLibraryGrid,
};

export interface UiBenchOptions {
  /** Only these areas (default: LOUPE_BENCH_UI, else all). */
  only?: readonly string[];
  /** Not these (measured elsewhere in the same run: `npm run bench -- batches` takes the batch area). */
  skip?: readonly string[];
}

export async function benchUi(options: UiBenchOptions = {}): Promise<Figures[]> {
  const chosen = options.only ?? (process.env.LOUPE_BENCH_UI ?? '').split(',').filter((name) => name !== '');
  const unknown = chosen.filter((name) => !(name in AREAS));
  if (unknown.length > 0)
    throw new Error(`Unknown ui area ${unknown.join(', ')}: ${Object.keys(AREAS).join(', ')}`);
  const areas = Object.entries(AREAS).filter(
    ([name]) => (chosen.length === 0 || chosen.includes(name)) && !(options.skip ?? []).includes(name),
  );
  if (areas.length === 0) return [];
  buildApp();
  const browser = await launchChromium();
  try {
    const tables: Figures[] = [];
    for (const [, area] of areas) {
      const result = await area(browser);
      tables.push(...(Array.isArray(result) ? result : [result]));
    }
    return tables;
  } finally {
    await browser.close();
  }
}
