import { describe, expect, it } from 'vitest';
import { downloadName, shortHash } from './galleryItem';

describe('shortHash', () => {
  it('keeps the algorithm, the first 8 and the last 4 hex digits', () => {
    expect(shortHash(`blake3:${'0123456789abcdef'.repeat(4)}`)).toBe('blake3:01234567…cdef');
    expect(shortHash('blake3:abc')).toBe('blake3:abc');
  });
});

describe('downloadName', () => {
  it('saves under the last segment of the name, in safe characters', () => {
    expect(downloadName({ name: 'audio/tone_0001.wav', assetId: 'a1' })).toBe('tone_0001.wav');
    expect(downloadName({ name: 'C:\\out\\x.png', assetId: 'a1' })).toBe('x.png');
    expect(downloadName({ name: '../../.bashrc', assetId: 'a1' })).toBe('bashrc');
    expect(downloadName({ name: 'invoice\u202Efdp.exe', assetId: 'a1' })).toBe('invoice_fdp.exe');
    expect(downloadName({ name: 'café 1.png', assetId: 'a1' })).toBe('café 1.png');
  });

  it('falls back to the asset id when nothing of the name is left', () => {
    expect(downloadName({ name: 'dir/', assetId: 'asset:42' })).toBe('asset_42');
  });
});
