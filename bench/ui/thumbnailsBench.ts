// Thumbnails, against the same simulator and Loupe that ran the 1,000-item batch: a job list full of image
// jobs scrolled down and back up (each picture fetched from storage once, and asked of the asset route
// once), pictures whose signed links expired before anyone looked (re-resolved, never shown broken), and
// the next start of Loupe (every picture from the disk cache: no storage fetch at all).
import type { Browser, Page, Request } from 'playwright-core';
import { textToImageWorkflow } from '../../src-main/simulator/jobs/sampleWorkflows';
import { jobSnapshotSchema } from '../../src-shared/contracts/jobs';
import type { Figure, Figures } from '../figures';
import { probedPage } from './browser';
import { PROFILE_ID, storageTraffic, URL_TTL_SECONDS, type BatchSession } from './batchSession';
import { picturesSettled, type PicturesSettled } from './pageBatchMeasure';
import type { PageGlobals } from './pageTypes';
import { loadNote } from './stats';

const LIST = '[data-testid="job-list"]';
const PICTURE = '[data-testid="row-thumbnail"]:not([data-state="none"])';
const EXPIRING_JOBS = 24;

function settled(page: Page): Promise<PicturesSettled> {
  return picturesSettled(page, { scroller: LIST, picture: PICTURE, stateAttribute: 'data-state' });
}

/** Requests the page made to the asset route, by URL. */
function countRouteRequests(page: Page): Map<string, number> {
  const seen = new Map<string, number>();
  page.on('request', (request: Request) => {
    const url = request.url();
    if (new URL(url).pathname.startsWith('/asset-bytes/')) seen.set(url, (seen.get(url) ?? 0) + 1);
  });
  return seen;
}

/** Down the whole list a view at a time, each view's pictures settled, then back up the same way. */
async function scrollThrough(page: Page): Promise<{ loaded: number; broken: number }> {
  let loaded = 0;
  let broken = 0;
  for (const direction of ['down', 'up'] as const) {
    for (;;) {
      const view = await settled(page);
      loaded += view.loaded;
      broken += view.broken;
      const moved = await page.evaluate(
        ({ selector, down }) => {
          const list = (globalThis as unknown as PageGlobals).document.querySelector(selector);
          if (list === null) return false;
          const before = list.scrollTop;
          list.scrollTop = before + (down ? 1 : -1) * list.clientHeight;
          return list.scrollTop !== before;
        },
        { selector: LIST, down: direction === 'down' },
      );
      if (!moved) break;
    }
  }
  return { loaded, broken };
}

async function openJobs(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator(`${LIST} [role="option"]`).first().waitFor();
}

/** Image jobs submitted through Loupe while no window shows them, run to the end. */
async function submitUnseenImageJobs(session: BatchSession): Promise<void> {
  const ids: string[] = [];
  for (let seed = 0; seed < EXPIRING_JOBS; seed++) {
    const job = await session.contract.call(
      'jobs.submit',
      {
        profileId: PROFILE_ID,
        workflowJson: JSON.stringify(
          textToImageWorkflow({ steps: 2, seed: 10_000 + seed, width: 96, height: 96 }),
        ),
      },
      jobSnapshotSchema,
    );
    ids.push(job.id);
  }
  for (const jobId of ids) {
    for (;;) {
      const job = await session.contract.call(
        'jobs.get',
        { profileId: PROFILE_ID, jobId },
        jobSnapshotSchema,
      );
      if (job.status === 'succeeded' && job.outputs.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export async function benchThumbnails(browser: Browser, session: BatchSession): Promise<Figures> {
  const figures: Figure[] = [];

  // Links that expired before anyone looked: the newest jobs, at the top of the list.
  await submitUnseenImageJobs(session);
  session.sim.control.advanceClock((URL_TTL_SECONDS + 60) * 1000);
  session.sim.control.clearRequests();
  const first = await probedPage(browser);
  const routeRequests = countRouteRequests(first.page);
  try {
    await openJobs(first.page, session.shell.url);
    const top = await settled(first.page);
    const afterExpiry = storageTraffic(session.sim);
    figures.push(
      {
        name: `pictures whose links had expired, shown (the ${top.loaded + top.broken} in view)`,
        value: top.loaded,
        unit: 'loaded',
      },
      {
        name: '  shown broken',
        value: top.broken,
        unit: '',
        target: '0',
        met: top.broken === 0 && top.loaded > 0,
      },
      { name: '  links resolved again (asset look-ups)', value: afterExpiry.resolutions, unit: '' },
      { name: '  expired links refused by storage on the way', value: afterExpiry.refused, unit: '' },
    );

    // The whole list, down and back up: the batch's 1,000 pictures and these.
    session.sim.control.clearRequests();
    const through = await scrollThrough(first.page);
    const traffic = storageTraffic(session.sim);
    const overFetched = [...traffic.fetched.values()].filter((count) => count > 1).length;
    const askedTwice = [...routeRequests.values()].filter((count) => count > 1).length;
    figures.push(
      {
        name: `list scrolled down and back up: ${routeRequests.size} pictures, fetched from storage more than once`,
        value: overFetched,
        unit: 'pictures',
        target: '0',
        met: overFetched === 0 && through.broken === 0,
      },
      // Not a target: the route answers these from main's disk cache (no storage fetch). The browser asks
      // again because the route says `no-store`, so a picture scrolled away and back is read from disk again.
      {
        name: '  asked of the asset route again by the page (from disk, no-store)',
        value: askedTwice,
        unit: 'pictures',
      },
      {
        name: '  storage fetches in all (pictures the sheet had not shown)',
        value: sumOf(traffic.fetched),
        unit: '',
      },
      { name: '  shown broken', value: through.broken, unit: '', target: '0', met: through.broken === 0 },
    );
  } finally {
    await first.context.close();
  }

  // The next start: the same pictures, from the disk cache.
  await session.restart();
  session.sim.control.clearRequests();
  const next = await probedPage(browser);
  try {
    await openJobs(next.page, session.shell.url);
    const through = await scrollThrough(next.page);
    const traffic = storageTraffic(session.sim);
    figures.push(
      {
        name: `next start, the same list down and back up: storage fetches`,
        value: sumOf(traffic.fetched),
        unit: '',
        target: '0',
        met: sumOf(traffic.fetched) === 0 && through.loaded > 0,
      },
      { name: '  asset look-ups', value: traffic.resolutions, unit: '' },
      { name: '  pictures loaded on the way (views summed)', value: through.loaded, unit: '' },
    );
  } finally {
    await next.context.close();
  }
  return {
    title: 'Thumbnails: a list full of image jobs, expired links, the next start',
    figures,
    notes: [
      loadNote(),
      `Serverless simulator, signed links valid ${URL_TTL_SECONDS} s; its clock was moved past that before the`,
      `${EXPIRING_JOBS} newest jobs' pictures were first shown. Counts come from the simulator's request log and the`,
      'page’s own requests to the asset route.',
    ],
  };
}

function sumOf(counts: ReadonlyMap<string, number>): number {
  return [...counts.values()].reduce((sum, count) => sum + count, 0);
}
