import { describe, expect, it } from 'vitest';
import { contentTypeFor } from './contentType';

describe('contentTypeFor', () => {
  it('labels by the last extension of the file name, in any case, and nothing else', () => {
    expect(contentTypeFor('kite.PNG')).toBe('image/png');
    expect(contentTypeFor('shots/2026/a.b/clip.webm')).toBe('video/webm');
    expect(contentTypeFor('C:\\inputs\\voice.wav')).toBe('audio/wav');
    expect(contentTypeFor('archive.tar.gz')).toBe('application/octet-stream');
    expect(contentTypeFor('.png')).toBe('application/octet-stream');
    expect(contentTypeFor('folder.png/README')).toBe('application/octet-stream');
    expect(contentTypeFor('noextension')).toBe('application/octet-stream');
  });
});
