// Main's bounded inflate for the PNG reader: node:zlib stops at maxOutputLength and throws, so a zip bomb
// costs at most the bound in memory, and is answered null (too large), never inflated.
import { inflate } from 'node:zlib';
import { promisify } from 'node:util';
import type { BoundedInflate } from '../../../src-shared/png/pngWorkflow';

const inflateAsync = promisify(inflate);

export const nodeInflate: BoundedInflate = async (data, maxBytes) => {
  try {
    return new Uint8Array(await inflateAsync(data, { maxOutputLength: maxBytes }));
  } catch (error) {
    if (
      error instanceof RangeError ||
      (error instanceof Error && 'code' in error && error.code === 'ERR_BUFFER_TOO_LARGE')
    )
      return null;
    throw error;
  }
};
