import { describe, expect, it } from 'vitest';
import { broughtWords } from './broughtWords';

const asset = (how: 'same-profile' | 'by-hash' | 'uploaded', bytesSent = 0) => ({
  sourceAssetId: 's',
  assetId: 'a',
  how,
  bytesSent,
});

describe('what bringing outputs over cost', () => {
  it('says 0 bytes when the service had them all', () => {
    expect(broughtWords([asset('by-hash'), asset('same-profile')])).toBe(
      '2 outputs brought over by hash: 0 bytes sent (the service had them).',
    );
    expect(broughtWords([asset('same-profile')])).toBe('1 output, already on this service.');
  });

  it('counts what was uploaded and what came by hash', () => {
    expect(broughtWords([asset('uploaded', 2048), asset('by-hash')])).toBe(
      '2 outputs brought over: 1 uploaded (2.05 kB), 1 by hash.',
    );
  });
});
