// Page functions for the batch and thumbnail areas (see pageMeasure.ts for how page functions are written):
// item rows' states as a batch runs, the items table kept on the batch's frontier, and the pictures in a
// scroller's view once they have all settled.
import type { Page } from 'playwright-core';
import { z } from 'zod';
import type { PageGlobals } from './pageTypes';

/** Logs each batch item row's state as it changes, with the row's job id (for the update figure). */
export function logItemStates(): void {
  const page = globalThis as unknown as PageGlobals;
  const probe = page.__loupeBench;
  if (probe === undefined) throw new Error('the bench probe is not installed');
  const seen = new Map<string, string>();
  const observer = new page.MutationObserver(() => {
    const at = performance.timeOrigin + performance.now();
    const rows = page.document.querySelectorAll('[data-testid="batch-item"]');
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index];
      const jobId = row?.querySelector('[data-testid="item-job"]')?.textContent ?? null;
      const state = row?.getAttribute('data-state') ?? null;
      if (jobId === null || state === null || seen.get(jobId) === state) continue;
      seen.set(jobId, state);
      probe.itemStates.push({ at, jobId, state });
    }
  });
  probe.observers.push(observer);
  observer.observe(page.document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-state'],
  });
}

/**
 * While a batch runs, keeps the items table on its frontier: whenever the top row shown has succeeded, the
 * table moves down a row, so the rows in view are the ones about to change. Stopped by stopObservers().
 */
export function followFrontier(args: { scroller: string; rowHeight: number }): void {
  const page = globalThis as unknown as PageGlobals & {
    setInterval(callback: () => void, ms: number): number;
    clearInterval(handle: number): void;
  };
  const probe = page.__loupeBench;
  if (probe === undefined) throw new Error('the bench probe is not installed');
  const timer = page.setInterval(() => {
    const scroller = page.document.querySelector(args.scroller);
    if (scroller === null) return;
    const top = scroller.getBoundingClientRect().top + args.rowHeight;
    const rows = Array.from(scroller.querySelectorAll('[data-testid="batch-item"]')).filter(
      (row) => row.getBoundingClientRect().bottom > top,
    );
    // Past every row in view that has finished, so the ones still to change stay in sight.
    let done = 0;
    while (done < rows.length && rows[done]?.getAttribute('data-state') === 'succeeded') done += 1;
    if (done > 0) scroller.scrollTop += done * args.rowHeight;
  }, 100);
  probe.observers.push({ observe: () => undefined, disconnect: () => page.clearInterval(timer) });
}

/** The pictures inside a scroller's view, once every one has settled: how many loaded, how many broke. */
export interface PicturesSettled {
  at: number;
  loaded: number;
  broken: number;
}

/**
 * Waits until every picture (`img` under `scroller`) that is in the scroller's view has loaded or failed;
 * `state` reads an image's outcome from its element ('loaded', 'broken', anything else still loading).
 */
export function visiblePicturesSettled(args: {
  scroller: string;
  picture: string;
  stateAttribute: string;
  timeoutMs: number;
}): Promise<PicturesSettled> {
  const page = globalThis as unknown as PageGlobals;
  const began = performance.now();
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const scroller = page.document.querySelector(args.scroller);
      if (scroller !== null) {
        const view = scroller.getBoundingClientRect();
        const pictures = Array.from(scroller.querySelectorAll(args.picture)).filter((picture) => {
          const box = picture.getBoundingClientRect();
          return (
            box.bottom > view.top && box.top < view.bottom && box.right > view.left && box.left < view.right
          );
        });
        const states = pictures.map((picture) => picture.getAttribute(args.stateAttribute));
        const loaded = states.filter((state) => state === 'loaded').length;
        const broken = states.filter((state) => state === 'broken' || state === 'failed').length;
        if (pictures.length > 0 && loaded + broken === pictures.length) {
          resolve({ at: performance.timeOrigin + performance.now(), loaded, broken });
          return;
        }
      }
      if (performance.now() - began > args.timeoutMs)
        reject(new Error('the pictures in view did not settle'));
      else page.requestAnimationFrame(check);
    };
    check();
  });
}

const settledSchema = z.object({ at: z.number(), loaded: z.number(), broken: z.number() });

/** From the Node side: visiblePicturesSettled in `page`, its answer checked, with a 30 s limit. */
export async function picturesSettled(
  page: Page,
  where: { scroller: string; picture: string; stateAttribute: string },
): Promise<PicturesSettled> {
  return settledSchema.parse(await page.evaluate(visiblePicturesSettled, { ...where, timeoutMs: 30_000 }));
}
