// Debian's Chromium through playwright-core (never a downloaded browser), headless, frames at the display's
// 60 Hz as a person sees them. (With the frame-rate limit off, a running job's moving bar alone would make
// the page paint a thousand frames a second and crowd out the work being measured.)
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { z } from 'zod';
import { epochNow } from './clock';
import { installProbe } from './pageProbe';

export const CHROMIUM = process.env.LOUPE_CHROMIUM ?? '/usr/bin/chromium';
export const VIEWPORT = { width: 1280, height: 760 } as const;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--enable-precise-memory-info'],
  });
}

/** An init script that runs `fn(arg)` at document start, after the probe is in place. */
export function atDocumentStart<A>(fn: (arg: A) => void, arg: A): { content: string } {
  return { content: `(${fn.toString()})(${JSON.stringify(arg)});` };
}

/** A fresh context (its own empty HTTP cache, as a first launch has) with the bench's probe installed. */
export async function probedPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  // The bench runs under tsx, whose transform names nested functions with a __name helper; page functions
  // carry those calls into the page, where the helper must exist.
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  await context.addInitScript(installProbe);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  return { context, page };
}

/**
 * page epoch ms − Node epoch ms. The tightest of several round trips wins; the page's reading is placed at
 * the middle of its round trip, so the error is at most half of that trip (a fraction of a millisecond).
 */
export async function pageClockOffset(page: Page): Promise<{ offsetMs: number; errorMs: number }> {
  let best = { offsetMs: 0, errorMs: Infinity };
  for (let round = 0; round < 15; round++) {
    const sent = epochNow();
    const pageNow = z.number().parse(await page.evaluate(() => performance.timeOrigin + performance.now()));
    const back = epochNow();
    const errorMs = (back - sent) / 2;
    if (errorMs < best.errorMs) best = { offsetMs: pageNow - (sent + back) / 2, errorMs };
  }
  return best;
}

/** The renderer's JS heap after a full collection: what the page keeps, not what it has yet to free. */
export async function usedHeapBytes(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const usage = await cdp.send('Runtime.getHeapUsage');
    return usage.usedSize;
  } finally {
    await cdp.detach();
  }
}
