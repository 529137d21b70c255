// The batch screens and the thumbnails share one run: a 1,000-item batch takes a while to run, and its
// pictures are the list full of image jobs the thumbnail figures need.
import type { Browser } from 'playwright-core';
import type { Figures } from '../figures';
import { benchBatchScreens } from './batchBench';
import { openBatchSession } from './batchSession';
import { benchThumbnails } from './thumbnailsBench';

export async function benchBatchesAndThumbnails(browser: Browser): Promise<Figures[]> {
  const session = await openBatchSession();
  try {
    const batch = await benchBatchScreens(browser, session);
    const thumbnails = await benchThumbnails(browser, session);
    return [batch, thumbnails];
  } finally {
    await session.close();
  }
}
