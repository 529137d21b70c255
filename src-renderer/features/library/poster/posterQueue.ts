// Which videos' poster frames the window has drawn or is drawing: each entry is tried once per session (a
// virtualised grid mounts a tile again and again as it scrolls), and at most two videos are decoded at once,
// however many video tiles are on screen.
import type { LoupeApi } from '../../../../src-preload/buildApi';
import { base64Of, drawPosterFrame, type PosterDom } from './drawPosterFrame';

const AT_ONCE = 2;
const attempts = new Map<number, Promise<boolean>>();
let running = 0;
const waiting: (() => void)[] = [];

async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** Draws the entry's poster frame from `url` and hands it to main; true once main holds one. */
export function posterFor(
  loupe: Pick<LoupeApi, 'library'>,
  entryId: number,
  url: string,
  dom?: PosterDom,
): Promise<boolean> {
  const known = attempts.get(entryId);
  if (known !== undefined) return known;
  const attempt = turn(async () => {
    const frame = await drawPosterFrame(url, dom);
    if (frame === null) return false;
    const result = await loupe.library.putPoster({ entryId, webp: await base64Of(frame) });
    return result.ok;
  }).catch(() => false);
  attempts.set(entryId, attempt);
  return attempt;
}

/** Tests: forget every attempt. */
export function resetPosterAttempts(): void {
  attempts.clear();
}
