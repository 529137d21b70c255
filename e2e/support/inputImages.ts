// Pictures for the tests that upload inputs: real PNGs from the simulator's own encoder (a calm gradient,
// different for every seed, so thumbnails and screenshots show something worth looking at), handed to the page
// as a file picker would (setInputFiles) or as File objects for a drop.
import type { JSHandle, Page } from '@playwright/test';
import { makePng } from '../../src-main/simulator/media';

export interface PickedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A `side`×`side` PNG, different for every seed. */
export function pngFile(name: string, seed: number, side = 384): PickedFile {
  return { name, mimeType: 'image/png', buffer: makePng(side, side, seed) };
}

/** The same as a File in the page (a File cannot cross from the test process; its bytes can, as base64). */
export async function pngHandle(page: Page, picked: PickedFile): Promise<JSHandle<File>> {
  return page.evaluateHandle(
    ({ name, type, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      return new File([bytes], name, { type });
    },
    { name: picked.name, type: picked.mimeType, base64: picked.buffer.toString('base64') },
  );
}
