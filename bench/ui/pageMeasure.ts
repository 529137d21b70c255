// Page functions for page.evaluate: each is self-contained (Playwright sends its source), reads the DOM
// through PageGlobals, and keeps what it sees on the probe (pageProbe.ts) for the Node side to collect.
import type { Page } from 'playwright-core';
import { z } from 'zod';
import type { PageGlobals, PaintMark } from './pageTypes';

/**
 * Marks when `selector` first matches: the DOM time (the mutation observer runs right after React's commit)
 * and the paint time (a task queued from the next animation frame runs once that frame is drawn).
 */
export function watchPaint(args: { key: string; selector: string }): void {
  const page = globalThis as unknown as PageGlobals;
  const probe = page.__loupeBench;
  if (probe === undefined) throw new Error('the bench probe is not installed');
  const now = (): number => performance.timeOrigin + performance.now();
  probe.marks.delete(args.key);
  const found = (): boolean => {
    if (page.document.querySelector(args.selector) === null) return false;
    const mark: PaintMark = { domAt: now(), paintAt: null };
    probe.marks.set(args.key, mark);
    probe.whenPainted((at) => {
      mark.paintAt = at;
    });
    return true;
  };
  if (found()) return;
  const observer = new page.MutationObserver(() => {
    if (found()) observer.disconnect();
  });
  probe.observers.push(observer);
  observer.observe(page.document, { childList: true, subtree: true, attributes: true });
}

const markSchema = z.object({ domAt: z.number(), paintAt: z.number() });

/** Waits for a mark set up by watchPaint, and returns it. */
export async function paintMark(
  page: Page,
  key: string,
  timeoutMs = 60_000,
): Promise<z.output<typeof markSchema>> {
  await page.waitForFunction(
    (name) => {
      const probe = (globalThis as unknown as PageGlobals).__loupeBench;
      return probe?.marks.get(name)?.paintAt != null;
    },
    key,
    { timeout: timeoutMs, polling: 50 },
  );
  return markSchema.parse(
    await page.evaluate((name) => (globalThis as unknown as PageGlobals).__loupeBench?.marks.get(name), key),
  );
}

/**
 * Scrolls `selector` from its start to its end in about `frames` equal steps, one per animation frame, and
 * returns the gaps between frames (ms). A step wider than the view draws a whole new window each frame: the
 * hardest case for a virtualised list, what dragging the scrollbar does.
 */
export function scrollSweep(args: {
  selector: string;
  axis: 'x' | 'y';
  frames: number;
  /** Pixels a frame (a wheel's pace); by default the whole length over `frames` (a dragged scrollbar). */
  step?: number;
}): Promise<number[]> {
  const page = globalThis as unknown as PageGlobals;
  const element = page.document.querySelector(args.selector);
  if (element === null) throw new Error(`nothing matches ${args.selector}`);
  const vertical = args.axis === 'y';
  const end = vertical
    ? element.scrollHeight - element.clientHeight
    : element.scrollWidth - element.clientWidth;
  const step = args.step ?? Math.max(1, Math.ceil(end / args.frames));
  let left = args.frames;
  if (vertical) element.scrollTop = 0;
  else element.scrollLeft = 0;
  return new Promise((resolve) => {
    const gaps: number[] = [];
    let last = -1;
    let atEnd = false;
    const tick = (time: number): void => {
      if (last >= 0) gaps.push(time - last);
      last = time;
      // One more frame after the end is reached, so the last step's work is counted too.
      if (atEnd) return resolve(gaps);
      const position = vertical ? element.scrollTop : element.scrollLeft;
      const next = Math.min(end, position + step);
      if (vertical) element.scrollTop = next;
      else element.scrollLeft = next;
      left -= 1;
      atEnd = next >= end || left <= 0;
      page.requestAnimationFrame(tick);
    };
    page.requestAnimationFrame(tick);
  });
}

export async function sweepFrames(
  page: Page,
  selector: string,
  axis: 'x' | 'y',
  frames: number,
  step?: number,
): Promise<number[]> {
  return z
    .array(z.number())
    .parse(
      await page.evaluate(scrollSweep, { selector, axis, frames, ...(step === undefined ? {} : { step }) }),
    );
}

/** Logs `selector`'s text each time it changes (for the SSE figure: the job's progress line). */
export function logText(args: { selector: string }): void {
  const page = globalThis as unknown as PageGlobals;
  const probe = page.__loupeBench;
  if (probe === undefined) throw new Error('the bench probe is not installed');
  let last: string | null = null;
  const observer = new page.MutationObserver(() => {
    const text = page.document.querySelector(args.selector)?.textContent ?? null;
    if (text === null || text === last) return;
    last = text;
    probe.texts.push({ at: performance.timeOrigin + performance.now(), text });
  });
  probe.observers.push(observer);
  observer.observe(page.document, { childList: true, subtree: true, characterData: true });
}

export function stopObservers(): void {
  const probe = (globalThis as unknown as PageGlobals).__loupeBench;
  for (const observer of probe?.observers.splice(0) ?? []) observer.disconnect();
}

/** A change of a list's row count: when it reached the DOM and when that frame was painted. */
export interface RowCountChange {
  count: number;
  domAt: number;
  paintAt: number;
}

/**
 * Keeps a paged list scrolled to its end, which makes it ask for its next page each time, until it holds
 * `total` rows; logs each change of its row count (aria-rowcount) with the frame that painted it.
 */
export function loadAllRows(args: {
  selector: string;
  total: number;
  timeoutMs: number;
}): Promise<RowCountChange[]> {
  const page = globalThis as unknown as PageGlobals & {
    setInterval(callback: () => void, ms: number): number;
    clearInterval(handle: number): void;
  };
  const probe = page.__loupeBench;
  if (probe === undefined) throw new Error('the bench probe is not installed');
  const list = page.document.querySelector(args.selector);
  if (list === null) throw new Error(`nothing matches ${args.selector}`);
  const now = (): number => performance.timeOrigin + performance.now();
  const changes: RowCountChange[] = [];
  return new Promise((resolve, reject) => {
    let count = Number(list.getAttribute('aria-rowcount'));
    const began = now();
    const observer = new page.MutationObserver(() => {
      const next = Number(list.getAttribute('aria-rowcount'));
      if (next === count) return;
      count = next;
      const change: RowCountChange = { count, domAt: now(), paintAt: 0 };
      changes.push(change);
      probe.whenPainted((at) => {
        change.paintAt = at;
      });
    });
    observer.observe(list, { attributes: true, attributeFilter: ['aria-rowcount'] });
    const timer = page.setInterval(() => {
      list.scrollTop = list.scrollHeight;
      const painted = changes.every((change) => change.paintAt > 0);
      if (count >= args.total && painted) {
        page.clearInterval(timer);
        observer.disconnect();
        resolve(changes);
      } else if (now() - began > args.timeoutMs) {
        page.clearInterval(timer);
        observer.disconnect();
        reject(new Error(`the list stopped at ${count} rows`));
      }
    }, 20);
  });
}

const replySeenSchema = z.object({
  name: z.string(),
  requestId: z.number(),
  sentAt: z.number(),
  at: z.number(),
  paintedAt: z.number().optional(),
});

/** The watched calls' replies so far, in arrival order (probe times, page clock). */
export async function pageReplies(page: Page, name: string): Promise<z.output<typeof replySeenSchema>[]> {
  const replies = await page.evaluate(
    () => (globalThis as unknown as PageGlobals).__loupeBench?.replies ?? [],
  );
  return z
    .array(replySeenSchema)
    .parse(replies)
    .filter((reply) => reply.name === name);
}

/** The page's time when the next `type` event (input, click, keydown) reaches the document. */
export function markNextEvent(args: { key: string; type: 'input' | 'click' | 'keydown' }): void {
  const page = globalThis as unknown as PageGlobals & {
    document: { addEventListener(type: string, l: () => void, o: { capture: boolean; once: boolean }): void };
  };
  const probe = page.__loupeBench;
  if (probe === undefined) throw new Error('the bench probe is not installed');
  page.document.addEventListener(
    args.type,
    () => probe.marks.set(args.key, { domAt: performance.timeOrigin + performance.now(), paintAt: null }),
    { capture: true, once: true },
  );
}

export async function markTime(page: Page, key: string): Promise<number> {
  return z
    .number()
    .parse(
      await page.evaluate(
        (name) => (globalThis as unknown as PageGlobals).__loupeBench?.marks.get(name)?.domAt,
        key,
      ),
    );
}
