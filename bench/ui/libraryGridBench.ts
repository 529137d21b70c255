// The Library screen over 100,000 entries (issue 21): a real store seeded through the outputs writer
// (librarySeed.ts), the browser shell on it, Debian's Chromium. Measured: the grid's first paint from
// navigation start and from the section switch, the renderer's heap with one page and with all 100,000
// entries loaded, the frames of a scroll through all of them (against the same scroll of an empty page, the
// floor of this machine) and of a scroll at a wheel's pace, and keystroke → painted for typed words and
// prefixes, split into the wait before the search is sent, main's answer, and the renderer's drawing of it.
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { LibrarySearch } from '../../src-main/core/library/librarySearch';
import { openStore } from '../../src-main/core/store/loupeStore';
import type { Figure, Figures } from '../figures';
import { atDocumentStart, probedPage, usedHeapBytes } from './browser';
import { droppedFrames, measureSweeps, rawTarget, tracedSweep, type SweepFigures } from './frameTrace';
import {
  addEmptyScroller,
  loadGrid,
  markEveryKeydown,
  openOnLibrary,
  removeElement,
  scrollToTop,
  watchFirstIds,
} from './libraryPage';
import { seedLibrary } from './librarySeed';
import { markNextEvent, markTime, pageReplies, paintMark, stopObservers, watchPaint } from './pageMeasure';
import { newDataDir, seedDataDir, unreachableUrl } from './seedStore';
import type { PageGlobals } from './pageTypes';
import { openRawPage } from './rawPage';
import { startShell, stopShell, type BenchShell } from './shell';
import { loadNote, median, mib, percentile } from './stats';

const TOTAL = 100_000;
/**
 * How many of them are loaded into the page (200 a page, scrolled for) before the scroll and the heap are
 * measured: all by default; LOUPE_BENCH_LIBRARY_LOADED=20000 stops earlier on a machine too busy to load
 * 500 pages in reasonable time (the heap per entry is then scaled, and said so).
 */
const LOADED = Math.min(TOTAL, Number(process.env.LOUPE_BENCH_LIBRARY_LOADED ?? TOTAL) || TOTAL);
const GRID = '[role="listbox"][aria-label="Library results"]';
const TILE = `${GRID} [role="option"]`;
const TARGETS = { firstPaintMs: 200, frameMs: 16, searchMs: 100 } as const;
const SWEEP_FRAMES = 600;
const WHEEL_FRAMES = 300;
const WHEEL_STEP_PX = 120;
const M_ROW_PX = 228;
/** The first options a search's answer is known by (two rows of M tiles at 1280 px). */
const FIRST_IDS = 8;
/** A person typing fast: 60 ms between keys. */
const KEY_DELAY_MS = 60;
/** Words and prefixes, ordered so no two in a row have the same first results. */
const QUERIES = [
  'lighthouse',
  'harb',
  'fox',
  'forest',
  'mountain',
  'wat',
  'city',
  'portrait fog',
  'desert',
  'river',
  'robot',
  'moonl',
  'isometric',
  'light',
  'snow fox',
  'ink',
  'film',
  'autumn rive',
  'dawn',
  'seed:4242',
] as const;

/** The first ids each query's answer shows, and the whole library's, from the store itself. */
function expectations(dataDir: string): { all: number[]; byQuery: Map<string, number[]>; oldest: number } {
  const store = openStore(join(dataDir, 'loupe.db'));
  try {
    const search = new LibrarySearch(store);
    const first = (query: string): number[] =>
      search.search({ query, sort: 'newest', limit: FIRST_IDS }).entries.map((entry) => entry.entryId);
    const all = first('');
    const byQuery = new Map(QUERIES.map((query) => [query, first(query)]));
    const oldest = search.search({ sort: 'oldest', limit: 1 }).entries[0]?.entryId ?? -1;
    let previous = all;
    for (const query of QUERIES) {
      const ids = byQuery.get(query) ?? [];
      if (ids.length === 0 || ids.join() === previous.join()) throw new Error(`"${query}" would not show`);
      previous = ids;
    }
    return { all, byQuery, oldest };
  } finally {
    store.close();
  }
}

async function painted(page: Page, key: string, ids: number[]): Promise<{ domAt: number; paintAt: number }> {
  await page.evaluate(watchFirstIds, { key, grid: GRID, ids });
  return paintMark(page, key);
}

/** One typed query: drawn from the app's cache (typed before, no search sent), or from a search it sent. */
type Keystroke =
  | { totalMs: number; fromCache: true }
  | {
      totalMs: number;
      fromCache: false;
      /** Last key → the search sent; sent → main's answer at the page; answer → painted. */
      beforeSendMs: number;
      mainMs: number;
      drawMs: number;
    };

async function typeAndTime(page: Page, query: string, ids: number[], all: number[]): Promise<Keystroke> {
  const box = page.getByRole('searchbox', { name: 'Search the library' });
  await box.press('Escape');
  await painted(page, `all:${query}`, all);
  await page.evaluate(watchFirstIds, { key: `q:${query}`, grid: GRID, ids });
  await box.pressSequentially(query, { delay: KEY_DELAY_MS });
  const shown = await paintMark(page, `q:${query}`);
  const { domAt: lastKey, paintAt: frameAfterKey } = await paintMark(page, 'lastKey');
  // A query typed before (a prefix of an earlier word) is drawn from the app's cache, with no search sent.
  await new Promise((resolve) => setTimeout(resolve, 150));
  // Its entries may be on screen before the last key (a prefix drew the same ones): then they are seen from
  // the first frame after it.
  if (!(await page.evaluate(searchSentSince, lastKey))) {
    return { totalMs: Math.max(shown.paintAt, frameAfterKey) - lastKey, fromCache: true };
  }
  // The answer to the whole query: the search sent after the last key. A shorter prefix's answer may already
  // have drawn the same first entries (then `shown` comes before the last key); the results a person can
  // trust are painted no sooner than the frame after this answer arrived.
  await page.waitForFunction(answeredSince, lastKey, { timeout: 10_000, polling: 20 });
  const reply = (await pageReplies(page, 'library.search')).find(
    (r) => r.sentAt >= lastKey && r.paintedAt !== undefined,
  );
  if (reply?.paintedAt === undefined) throw new Error(`no answer to "${query}" was painted`);
  const paintAt = Math.max(shown.paintAt, reply.paintedAt);
  return {
    totalMs: paintAt - lastKey,
    fromCache: false,
    beforeSendMs: reply.sentAt - lastKey,
    mainMs: reply.at - reply.sentAt,
    drawMs: paintAt - reply.at,
  };
}

/** Whether the page sent a library.search at or after `since` (answered or not yet). */
function searchSentSince(since: number): boolean {
  const probe = (globalThis as unknown as PageGlobals).__loupeBench;
  if (probe === undefined) return false;
  const sent = (call: { name: string; sentAt: number }): boolean =>
    call.name === 'library.search' && call.sentAt >= since;
  return [...probe.calls.values()].some(sent) || probe.replies.some(sent);
}

/** Whether a library.search sent at or after `since` has been answered, and the frame after it painted. */
function answeredSince(since: number): boolean {
  const probe = (globalThis as unknown as PageGlobals).__loupeBench;
  return (
    probe?.replies.some(
      (reply) => reply.name === 'library.search' && reply.sentAt >= since && reply.paintedAt !== undefined,
    ) ?? false
  );
}

async function sweepOf(page: Page, sweeps: number): Promise<SweepFigures> {
  await page.evaluate(scrollToTop, { grid: GRID });
  return measureSweeps(page, GRID, 'y', SWEEP_FRAMES, sweeps);
}

/**
 * A scroll at a brisk wheel's pace (WHEEL_STEP_PX a frame, 7,200 px/s), from the top: every row is seen for
 * several frames, so the grid never seeks and draws whole tiles all the way (the sweep above drags the
 * scrollbar through everything, where each frame's rows are gone by the next and the grid seeks).
 */
async function wheelSweepOf(page: Page, sweeps: number): Promise<SweepFigures> {
  await page.evaluate(scrollToTop, { grid: GRID });
  return measureSweeps(page, GRID, 'y', WHEEL_FRAMES, sweeps, WHEEL_STEP_PX);
}

/** The wheel's figures without Playwright following each picture's request (see rawPage.ts). */
interface UnobservedWheel {
  /** The first pass: every picture is new to the page. */
  firstP95: number;
  firstCpuP95: number;
  firstDropped: number;
  /** Three more passes over the same rows (pictures the page has kept). */
  again: SweepFigures;
}

async function unobservedWheel(shell: BenchShell): Promise<UnobservedWheel> {
  const page = await openRawPage();
  try {
    await page.send('Page.addScriptToEvaluateOnNewDocument', {
      source: `(${openOnLibrary.toString()})(null)`,
    });
    await page.goto(shell.url);
    const began = performance.now();
    const tiles = (grid: string): number =>
      (globalThis as unknown as PageGlobals).document.querySelectorAll(`${grid} [role="option"]`).length;
    while ((await page.evaluate(tiles, GRID)) === 0) {
      if (performance.now() - began > 60_000) throw new Error('the library grid never showed (raw page)');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Enough rows for the passes and a screen more.
    await page.evaluate(loadGrid, {
      grid: GRID,
      minHeight: WHEEL_FRAMES * WHEEL_STEP_PX + 2_000,
      timeoutMs: 120_000,
    });
    const target = rawTarget(page);
    await page.evaluate(scrollToTop, { grid: GRID });
    const first = await tracedSweep(target, GRID, 'y', WHEEL_FRAMES, WHEEL_STEP_PX);
    const again = await measureSweeps(target, GRID, 'y', WHEEL_FRAMES, 3, WHEEL_STEP_PX);
    return {
      firstP95: percentile(first.busy, 95),
      firstCpuP95: percentile(first.cpu, 95),
      firstDropped: droppedFrames(first.gaps),
      again,
    };
  } finally {
    await page.close();
  }
}

function goal(name: string, value: number, unit: string, target: number): Figure {
  return { name, value, unit, target: `≤ ${target}`, met: value <= target };
}

export async function benchLibraryGrid(browser: Browser): Promise<Figures> {
  const dataDir = newDataDir();
  seedDataDir(dataDir, { profileId: 'studio', surface: 'self-hosted', baseUrl: await unreachableUrl() });
  const seedBegan = performance.now();
  await seedLibrary(dataDir, 'studio', TOTAL);
  const seedSeconds = (performance.now() - seedBegan) / 1000;
  const expected = expectations(dataDir);
  const shellBegan = performance.now();
  const shell = await startShell(dataDir, 180_000);
  const shellSeconds = (performance.now() - shellBegan) / 1000;
  const { context, page } = await probedPage(browser);
  try {
    await context.addInitScript(atDocumentStart(openOnLibrary, null));
    await context.addInitScript(atDocumentStart(watchPaint, { key: 'first', selector: TILE }));
    await page.goto(shell.url);
    const first = await paintMark(page, 'first');
    const origin = await page.evaluate(() => performance.timeOrigin);
    const firstReply = (await pageReplies(page, 'library.search'))[0];
    if (firstReply === undefined) throw new Error('the first library.search reply was not seen');
    const navToPaint = first.paintAt - origin;
    const answerToPaint = first.paintAt - firstReply.at;
    await page.evaluate(stopObservers);
    const heapOnePage = await usedHeapBytes(page);

    const sections = page.getByRole('navigation', { name: 'Sections' });
    const switchTo = async (key: string): Promise<number> => {
      await sections.getByRole('button', { name: 'Batches' }).click();
      await page.getByText('No batches yet').first().waitFor();
      await page.evaluate(watchPaint, { key, selector: TILE });
      await page.evaluate(markNextEvent, { key: `${key}:event`, type: 'click' as const });
      await sections.getByRole('button', { name: 'Library' }).click();
      const mark = await paintMark(page, key);
      return mark.paintAt - (await markTime(page, `${key}:event`));
    };
    const switchOnePage = await switchTo('switch-one');

    // Size M: 228 px a row (176 px picture, its foot, the gap); the columns are what the width holds.
    const columns = await page.evaluate(
      (selector) =>
        (globalThis as unknown as PageGlobals).document
          .querySelector(`${selector} [role="option"]`)
          ?.parentElement?.querySelectorAll('[role="option"]').length ?? 1,
      GRID,
    );
    const loadMs = await page.evaluate(loadGrid, {
      grid: GRID,
      minHeight: LOADED === TOTAL ? Number.MAX_SAFE_INTEGER : Math.ceil(LOADED / columns) * M_ROW_PX,
      timeoutMs: 1_800_000,
    });
    const loadedHeight = await page.evaluate(
      (selector) =>
        (globalThis as unknown as PageGlobals).document.querySelector(selector)?.scrollHeight ?? 0,
      GRID,
    );
    const loaded = Math.min(TOTAL, Math.floor(loadedHeight / M_ROW_PX) * columns);
    // The last jump to the end was a seek: the whole tiles come back once the scroll has rested.
    const oldest = page.locator(`${GRID} [data-entry-id="${expected.oldest}"]`);
    await oldest.waitFor({ timeout: 5_000 }).catch(() => undefined);
    const oldestShown = await oldest.count();
    const heapAll = await usedHeapBytes(page);
    const switchAll = await switchTo('switch-all');

    const gridSweep = await sweepOf(page, 3);
    const wheelSweep = await wheelSweepOf(page, 3);
    const height = await page.evaluate(
      (selector) =>
        (globalThis as unknown as PageGlobals).document.querySelector(selector)?.scrollHeight ?? 0,
      GRID,
    );
    await page.evaluate(addEmptyScroller, { id: 'bench-empty', height });
    const emptySweep = await measureSweeps(page, '#bench-empty', 'y', SWEEP_FRAMES, 3);
    await page.evaluate(removeElement, { id: 'bench-empty' });
    const sizes = page.getByRole('group', { name: 'Tile size' });
    await sizes.getByRole('button', { name: 'S' }).click();
    const smallSweep = await sweepOf(page, 1);
    await sizes.getByRole('button', { name: 'L' }).click();
    const largeSweep = await sweepOf(page, 1);
    await sizes.getByRole('button', { name: 'M' }).click();
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
    const listSweep = await sweepOf(page, 1);
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Grid' }).click();
    await page.evaluate(scrollToTop, { grid: GRID });

    await page.evaluate(markEveryKeydown, { key: 'lastKey' });
    const typed: Keystroke[] = [];
    for (const query of QUERIES)
      typed.push(await typeAndTime(page, query, expected.byQuery.get(query) ?? [], expected.all));
    // Playwright's page is done with: the unobserved page has the machine to itself (but for the shell).
    await page.close();
    const unobserved = await unobservedWheel(shell);
    const perEntry = (heapAll - heapOnePage) / Math.max(1, loaded - 200);
    const p95 = (pick: (k: Keystroke) => number): number => percentile(typed.map(pick), 95);
    // The splits are of the searches that were sent (a query typed before is drawn from the cache).
    const sent = typed.flatMap((k) => (k.fromCache ? [] : [k]));
    const p95Sent = (pick: (k: (typeof sent)[number]) => number): number => percentile(sent.map(pick), 95);

    const figures: Figure[] = [
      goal('first paint: navigation start → first tiles painted', navToPaint, 'ms', TARGETS.firstPaintMs),
      { name: '  of which: first library.search answer → tiles painted', value: answerToPaint, unit: 'ms' },
      {
        name: '  main answering it (sent → answer at the page)',
        value: firstReply.at - firstReply.sentAt,
        unit: 'ms',
      },
      goal('section switch → tiles painted (one page loaded)', switchOnePage, 'ms', TARGETS.firstPaintMs),
      goal(
        `section switch → tiles painted (${loaded.toLocaleString('en')} loaded)`,
        switchAll,
        'ms',
        TARGETS.firstPaintMs,
      ),
      goal(
        `scroll through ${loaded.toLocaleString('en')} (M, ${SWEEP_FRAMES} frames): p95 frame, main thread`,
        gridSweep.busyP95,
        'ms',
        TARGETS.frameMs,
      ),
      { name: '  the same, CPU time', value: gridSweep.cpuP95, unit: 'ms' },
      {
        name: `  frames that missed their vsync, of ${gridSweep.frames}`,
        value: gridSweep.dropped,
        unit: 'frames',
      },
      { name: '  reference: the same sweep of an empty page, p95', value: emptySweep.busyP95, unit: 'ms' },
      goal(
        `  at a wheel's pace (M, ${WHEEL_STEP_PX} px a frame, whole tiles all the way), page not observed: p95 frame`,
        unobserved.again.busyP95,
        'ms',
        TARGETS.frameMs,
      ),
      { name: '    the same, CPU time', value: unobserved.again.cpuP95, unit: 'ms' },
      {
        name: `    frames that missed their vsync, of ${unobserved.again.frames}`,
        value: unobserved.again.dropped,
        unit: 'frames',
      },
      {
        name: '    its first pass (every picture new to the page): p95 frame',
        value: unobserved.firstP95,
        unit: 'ms',
      },
      { name: '      the same, CPU time', value: unobserved.firstCpuP95, unit: 'ms' },
      {
        name: `      frames that missed their vsync, of ${WHEEL_FRAMES}`,
        value: unobserved.firstDropped,
        unit: 'frames',
      },
      {
        name: "    the same wheel under Playwright (it follows each picture's request): p95 frame",
        value: wheelSweep.busyP95,
        unit: 'ms',
      },
      { name: '      the same, CPU time', value: wheelSweep.cpuP95, unit: 'ms' },
      {
        name: '      of its slowest frames (top 5 %), style, layout and paint (median)',
        value: wheelSweep.slowRendering,
        unit: 'ms',
      },
      { name: '  grid / empty page', value: gridSweep.busyP95 / emptySweep.busyP95, unit: '×' },
      goal('  size S: p95 frame', smallSweep.busyP95, 'ms', TARGETS.frameMs),
      goal('  size L: p95 frame', largeSweep.busyP95, 'ms', TARGETS.frameMs),
      goal('  list view: p95 frame', listSweep.busyP95, 'ms', TARGETS.frameMs),
      goal(
        `search, last keystroke → results painted (p95 of ${typed.length})`,
        p95((k) => k.totalMs),
        'ms',
        TARGETS.searchMs,
      ),
      { name: '  median', value: median(typed.map((k) => k.totalMs)), unit: 'ms' },
      {
        name: `  drawn from the app's cache (typed before, no search sent)`,
        value: typed.length - sent.length,
        unit: `of ${typed.length}`,
      },
      {
        name: `  of the ${sent.length} sent: last key → search sent (p95)`,
        value: p95Sent((k) => k.beforeSendMs),
        unit: 'ms',
      },
      { name: '  main: sent → answer at the page (p95)', value: p95Sent((k) => k.mainMs), unit: 'ms' },
      { name: '  renderer: answer → painted (p95)', value: p95Sent((k) => k.drawMs), unit: 'ms' },
      {
        name: `renderer JS heap, ${loaded.toLocaleString('en')} entries loaded`,
        value: mib(heapAll),
        unit: 'MiB',
      },
      { name: '  reference: one page (200 entries) loaded', value: mib(heapOnePage), unit: 'MiB' },
      { name: '  per loaded entry', value: perEntry, unit: 'bytes' },
      {
        name: '  at 100,000 entries (measured, or scaled by the per-entry figure)',
        value: mib(heapOnePage + perEntry * (TOTAL - 200)),
        unit: 'MiB',
      },
      {
        name: `  loading ${loaded.toLocaleString('en')} (scrolled for, 200 a page)`,
        value: loadMs / 1000,
        unit: 's',
      },
    ];
    return {
      title: 'Library: 100,000 entries in the grid',
      figures,
      notes: [
        loadNote(),
        `Seeded in ${seedSeconds.toFixed(0)} s through the outputs writer; 64 distinct thumbnails ready on disk.`,
        `The shell took ${shellSeconds.toFixed(1)} s from spawn to its URL on this store.`,
        loaded === TOTAL
          ? `All 100,000 reached the grid: ${oldestShown === 1 ? 'yes' : 'NO'} (the oldest entry drawn at the end).`
          : `${loaded.toLocaleString('en')} of the 100,000 loaded into the page (LOUPE_BENCH_LIBRARY_LOADED); search is over all 100,000.`,
        `Search: ${typed.length} words and prefixes typed ${KEY_DELAY_MS} ms a key; timed from the last keydown to the`,
        `frame whose grid starts with the answer's first ${FIRST_IDS} entries (from the store, checked in order), and`,
        'no sooner than the frame after the answer to the whole query (a prefix may draw the same entries first).',
        'Frames: renderer main-thread busy time per frame in a trace, 60 Hz, each frame a new stretch (frameTrace.ts).',
        'Heap: Runtime.getHeapUsage after a forced collection.',
        'Wheel, page not observed: a second Chromium driven over a bare DevTools connection (rawPage.ts), with no',
        "Playwright following each thumbnail's request (5-8 s of CPU a run on 2 cores, taken from the frames timed).",
        'Its passes after the first see pictures the page has kept (thumbnails may be cached for an hour).',
      ],
    };
  } finally {
    await context.close();
    await stopShell(shell);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
