// The batch screens with 1,000 items: the batch's page opened (render time), its items changing as their
// jobs run (update time), and, once it has finished, its contact sheet of 1,000 pictures: time to the
// first pictures, the frames of a scroll across it, and the page's memory.
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import type { Figure, Figures } from '../figures';
import { probedPage, usedHeapBytes } from './browser';
import {
  batchFinished,
  resumeBatch,
  setBatchWindow,
  SHEET,
  startPausedBatch,
  storageTraffic,
  type BatchSession,
} from './batchSession';
import { measureSweeps } from './frameTrace';
import { followFrontier, logItemStates, picturesSettled } from './pageBatchMeasure';
import { markNextEvent, markTime, pageReplies, paintMark, stopObservers, watchPaint } from './pageMeasure';
import type { PageGlobals } from './pageTypes';
import { loadNote, mib, percentile } from './stats';

const TARGETS = { renderMs: 500, updateMs: 100, firstPicturesMs: 1_000, frameMs: 16 } as const;
const ITEMS = '[data-testid="batch-items-pane"]';
const SHEET_SCROLLER = '[data-testid="contact-sheet-scroller"]';
const SHEET_PICTURES = { scroller: SHEET_SCROLLER, picture: 'img', stateAttribute: 'data-load-state' };
const ITEM_ROW_HEIGHT = 32;
/** How long the run is watched for item updates. */
const WATCH_MS = 20_000;

const statesSchema = z.array(z.object({ at: z.number(), jobId: z.string(), state: z.string() }));
const updatesSchema = z.array(
  z.object({ at: z.number(), jobs: z.array(z.object({ id: z.string(), status: z.string() })) }),
);

async function openBatchesScreen(page: Page, url: string, batchId: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Batches' }).click();
  await page.locator(`[data-batch-id="${batchId}"]`).waitFor();
}

/** Clicks the batch in the list: → the frame that painted its items (and its sheet's cells). */
async function openBatch(page: Page, batchId: string, painted: string): Promise<number> {
  await page.evaluate(watchPaint, { key: 'opened', selector: painted });
  await page.evaluate(markNextEvent, { key: 'open-click', type: 'click' as const });
  await page.locator(`[data-batch-id="${batchId}"]`).click();
  const mark = await paintMark(page, 'opened');
  return mark.paintAt - (await markTime(page, 'open-click'));
}

interface UpdateLatencies {
  /** A job the item already had, changing: patched into the batch from the event. */
  patched: number[];
  /** An item's job appearing for the first time: shown once the batch is read again. */
  appeared: number[];
}

/** Each visible item row's change, from the first jobs.updates event that carried it to the DOM showing it. */
function updateLatencies(
  states: z.output<typeof statesSchema>,
  updates: z.output<typeof updatesSchema>,
): UpdateLatencies {
  const result: UpdateLatencies = { patched: [], appeared: [] };
  const known = new Set<string>();
  for (const change of states) {
    const carried = updates.find(
      (update) =>
        update.at <= change.at &&
        update.jobs.some((job) => job.id === change.jobId && job.status === change.state),
    );
    if (carried !== undefined)
      (known.has(change.jobId) ? result.patched : result.appeared).push(change.at - carried.at);
    known.add(change.jobId);
  }
  return result;
}

/** A sweep's frame figures: the p95 main-thread frame against its target, its CPU time, the frames missed. */
function scrollFigures(
  what: string,
  sweep: { busyP95: number; cpuP95: number; dropped: number; frames: number },
): Figure[] {
  return [
    {
      name: `${what}: p95 frame, main thread`,
      value: sweep.busyP95,
      unit: 'ms',
      target: `≤ ${TARGETS.frameMs}`,
      met: sweep.busyP95 <= TARGETS.frameMs,
    },
    { name: '  the same, CPU time', value: sweep.cpuP95, unit: 'ms' },
    { name: '  frames that missed their vsync', value: sweep.dropped, unit: `of ${sweep.frames}` },
  ];
}

export async function benchBatchScreens(browser: Browser, session: BatchSession): Promise<Figures> {
  const batchId = await startPausedBatch(session.contract);
  const live = await probedPage(browser);
  let renderMs: number;
  let readMs: number;
  let latencies: UpdateLatencies;
  try {
    await openBatchesScreen(live.page, session.shell.url, batchId);
    renderMs = await openBatch(live.page, batchId, `${ITEMS} [data-testid="batch-item"]`);
    readMs =
      (await pageReplies(live.page, 'batches.get')).map((reply) => reply.at - reply.sentAt).at(-1) ?? NaN;
    await live.page.evaluate(logItemStates);
    await live.page.evaluate(() => {
      const probe = (globalThis as unknown as PageGlobals).__loupeBench;
      if (probe) probe.keepUpdates = true;
    });
    await live.page.evaluate(followFrontier, { scroller: ITEMS, rowHeight: ITEM_ROW_HEIGHT });
    await resumeBatch(session.contract, batchId, 4);
    await live.page.waitForTimeout(WATCH_MS);
    await live.page.evaluate(stopObservers);
    const probe = await live.page.evaluate(() => {
      const held = (globalThis as unknown as PageGlobals).__loupeBench;
      return { states: held?.itemStates ?? [], updates: held?.updates ?? [] };
    });
    latencies = updateLatencies(statesSchema.parse(probe.states), updatesSchema.parse(probe.updates));
    // The rest of the batch at full width.
    await setBatchWindow(session.contract, batchId, 64);
    await batchFinished(session.contract, batchId, 600_000);
  } finally {
    await live.context.close();
  }

  // The finished batch, opened in a new window: no picture in the browser's cache.
  const { context, page } = await probedPage(browser);
  try {
    await openBatchesScreen(page, session.shell.url, batchId);
    const heapBefore = await usedHeapBytes(page);
    session.sim.control.clearRequests();
    const firstPicturesMs = await openBatch(page, batchId, `${SHEET_SCROLLER} img[data-load-state="loaded"]`);
    const settled = await picturesSettled(page, SHEET_PICTURES);
    const allInViewMs = settled.at - (await markTime(page, 'open-click'));
    const fromCache = settled.loaded - storageTraffic(session.sim).fetched.size;

    // Far corner: pictures nobody has looked at yet come from the service.
    session.sim.control.clearRequests();
    const jumped = await page.evaluate((selector) => {
      const scroller = (globalThis as unknown as PageGlobals).document.querySelector(selector);
      if (scroller === null) return 0;
      scroller.scrollTop = scroller.scrollHeight;
      scroller.scrollLeft = scroller.scrollWidth;
      return performance.timeOrigin + performance.now();
    }, SHEET_SCROLLER);
    const corner = await picturesSettled(page, SHEET_PICTURES);
    const cornerFetched = [...storageTraffic(session.sim).fetched.values()].reduce((sum, n) => sum + n, 0);

    const down = await measureSweeps(page, SHEET_SCROLLER, 'y', 120);
    const across = await measureSweeps(page, SHEET_SCROLLER, 'x', 60);
    const heapSheet = await usedHeapBytes(page);
    const broken = await page.locator(`${SHEET_SCROLLER} [data-kind="image"]:not(:has(img))`).count();

    const figures: Figure[] = [
      {
        name: 'batch page, 1,000 items: click → items painted',
        value: renderMs,
        unit: 'ms',
        target: `≤ ${TARGETS.renderMs}`,
        met: renderMs <= TARGETS.renderMs,
      },
      { name: '  of which main reading it (batches.get)', value: readMs, unit: 'ms' },
      {
        name: `item's job changes: jobs.updates → row in the DOM, p95 of ${latencies.patched.length}`,
        value: percentile(latencies.patched, 95),
        unit: 'ms',
        target: `≤ ${TARGETS.updateMs}`,
        met: latencies.patched.length >= 20 && percentile(latencies.patched, 95) <= TARGETS.updateMs,
      },
      { name: '  median', value: percentile(latencies.patched, 50), unit: 'ms' },
      {
        name: `item's job first appears (batch read again), p95 of ${latencies.appeared.length}`,
        value: percentile(latencies.appeared, 95),
        unit: 'ms',
      },
      { name: '  median', value: percentile(latencies.appeared, 50), unit: 'ms' },
      {
        name: 'contact sheet, 1,000 pictures: click → first picture painted',
        value: firstPicturesMs,
        unit: 'ms',
        target: `≤ ${TARGETS.firstPicturesMs}`,
        met: firstPicturesMs <= TARGETS.firstPicturesMs,
      },
      { name: `  → all ${settled.loaded} in view loaded`, value: allInViewMs, unit: 'ms' },
      { name: '  of those, from the disk cache (seen while it ran)', value: fromCache, unit: 'pictures' },
      {
        name: `  far corner, never seen: jump → all ${corner.loaded} in view loaded`,
        value: corner.at - jumped,
        unit: 'ms',
      },
      { name: '  of those, fetched from storage', value: cornerFetched, unit: 'pictures' },
      ...scrollFigures(`scroll down the sheet (${SHEET.rows} rows, 120 frames)`, down),
      ...scrollFigures(`scroll across (${SHEET.columns} columns, 60 frames)`, across),
      { name: 'renderer JS heap, the sheet open after scrolling it all', value: mib(heapSheet), unit: 'MiB' },
      { name: '  reference: the Batches list before opening it', value: mib(heapBefore), unit: 'MiB' },
      {
        name: 'pictures shown broken',
        value: broken + settled.broken + corner.broken,
        unit: '',
        target: '0',
        met: broken + settled.broken + corner.broken === 0,
      },
    ];
    return {
      title: 'Batch screens: a 1,000-item batch (25 × 40 sweep) and its contact sheet',
      figures,
      notes: [
        loadNote(),
        `Update time: ${WATCH_MS / 1000} s of the run at a window of 4, the items table following the frontier; each`,
        'change of a row’s state timed from the jobs.updates event that first carried it into the page. A job',
        'an item did not have yet shows only after batches.get reads the batch again (main, ~100-250 ms).',
        'Targets for the batch page, updates and first pictures are the bench’s own (the issue names none).',
      ],
    };
  } finally {
    await context.close();
  }
}
