import { describe, expect, it } from 'vitest';
import { thumbKindOf } from './thumbKind';

describe('thumbKindOf', () => {
  it('names the thumbnail each kind of output can have, by type or by content type', () => {
    expect(thumbKindOf('image', 'image/png')).toBe('picture');
    expect(thumbKindOf('output', 'image/webp')).toBe('picture');
    expect(thumbKindOf('audio', 'audio/wav')).toBe('waveform');
    expect(thumbKindOf('file', 'audio/flac')).toBe('waveform');
    expect(thumbKindOf('video', 'video/mp4')).toBe('poster');
    expect(thumbKindOf('latent', 'application/octet-stream')).toBeNull();
    expect(thumbKindOf('text', 'text/plain')).toBeNull();
  });
});
