// Page functions for the Library area (self-contained, sent to the page by Playwright, see pageMeasure.ts).
import type { PageElement, PageGlobals, PaintMark } from './pageTypes';

interface TimedPage extends PageGlobals {
  setInterval(callback: () => void, ms: number): number;
  clearInterval(handle: number): void;
  localStorage: { setItem(key: string, value: string): void };
  document: PageGlobals['document'] & {
    body: PageElement & { appendChild(node: unknown): void };
    createElement(tag: string): PageElement & {
      style: Record<string, string>;
      id: string;
      appendChild(node: unknown): void;
      remove(): void;
    };
    addEventListener(type: string, listener: () => void, options: { capture: boolean }): void;
  };
}

/** At document start: the Library is the section the app remembers, and library.search replies are timed. */
export function openOnLibrary(): void {
  const page = globalThis as unknown as TimedPage;
  page.localStorage.setItem(
    'loupe.ui',
    JSON.stringify({ state: { section: 'assets', theme: 'dark' }, version: 1 }),
  );
  page.__loupeBench?.watched.add('library.search');
}

/**
 * Marks when the grid's first options are `ids`, in order (a search's answer drawn, not the last one kept
 * on screen meanwhile), and when the frame that shows them was painted.
 */
export function watchFirstIds(args: { key: string; grid: string; ids: number[] }): void {
  const page = globalThis as unknown as PageGlobals;
  const probe = page.__loupeBench;
  if (probe === undefined) throw new Error('the bench probe is not installed');
  const now = (): number => performance.timeOrigin + performance.now();
  probe.marks.delete(args.key);
  const shows = (): boolean => {
    const options = page.document.querySelectorAll(`${args.grid} [role="option"]`);
    if (options.length < args.ids.length) return false;
    return args.ids.every((id, index) => options[index]?.getAttribute('data-entry-id') === String(id));
  };
  const found = (): boolean => {
    if (!shows()) return false;
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

/**
 * Keeps the time of the latest keydown under `key` (the last keystroke of a typed word), and when the first
 * frame after it was painted (the soonest anything it causes can be seen).
 */
export function markEveryKeydown(args: { key: string }): void {
  const page = globalThis as unknown as TimedPage;
  const probe = page.__loupeBench;
  if (probe === undefined) throw new Error('the bench probe is not installed');
  const now = (): number => performance.timeOrigin + performance.now();
  page.document.addEventListener(
    'keydown',
    () => {
      const mark: PaintMark = { domAt: now(), paintAt: null };
      probe.marks.set(args.key, mark);
      probe.whenPainted((at) => {
        mark.paintAt = at;
      });
    },
    { capture: true },
  );
}

/**
 * Keeps the grid scrolled to its end (each time asking for its next page) until it says no more is coming
 * ("Loading more…" gone) or it is `minHeight` px tall; resolves with how long that took (ms).
 */
export function loadGrid(args: { grid: string; minHeight: number; timeoutMs: number }): Promise<number> {
  const page = globalThis as unknown as TimedPage;
  const grid = page.document.querySelector(args.grid);
  if (grid === null) throw new Error(`nothing matches ${args.grid}`);
  const began = performance.now();
  return new Promise((resolve, reject) => {
    const timer = page.setInterval(() => {
      grid.scrollTop = grid.scrollHeight;
      const more = (grid.textContent ?? '').includes('Loading more…');
      if (!more || grid.scrollHeight >= args.minHeight) {
        page.clearInterval(timer);
        resolve(performance.now() - began);
      } else if (performance.now() - began > args.timeoutMs) {
        page.clearInterval(timer);
        reject(new Error('the grid stopped loading'));
      }
    }, 20);
  });
}

/** An empty scroller over the page as tall as `height` inside: the reference sweep (nothing to draw). */
export function addEmptyScroller(args: { id: string; height: number }): void {
  const page = globalThis as unknown as TimedPage;
  const outer = page.document.createElement('div');
  outer.id = args.id;
  Object.assign(outer.style, {
    position: 'fixed',
    inset: '0',
    overflow: 'auto',
    zIndex: '1000',
    background: '#111',
  });
  const inner = page.document.createElement('div');
  inner.style.height = `${args.height}px`;
  outer.appendChild(inner);
  page.document.body.appendChild(outer);
}

export function removeElement(args: { id: string }): void {
  const page = globalThis as unknown as TimedPage;
  (page.document.querySelector(`#${args.id}`) as (PageElement & { remove(): void }) | null)?.remove();
}

/** The grid's scrollTop back to 0. */
export function scrollToTop(args: { grid: string }): void {
  const grid = (globalThis as unknown as PageGlobals).document.querySelector(args.grid);
  if (grid !== null) grid.scrollTop = 0;
}
