// Which strings of a JSON output are media Loupe keeps: data: URLs of pictures, sounds and clips, and http(s)
// links whose sibling content_type (or path) says so; nothing else (a page, a script, a link to JSON), each once,
// in the output's order, at most MAX_MEDIA_PER_RUN, and each found again by its pointer.
import { describe, expect, it } from 'vitest';
import { findMediaLinks, MAX_MEDIA_PER_RUN, valueAt } from './mediaLinks';

describe('findMediaLinks', () => {
  it('finds data: media and typed or named links, in order, once each', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const output = {
      images: [
        { url: png, content_type: 'image/png' },
        { url: 'https://cdn.example/a', content_type: 'image/webp' },
      ],
      'a/b': { audio: 'https://cdn.example/take.WAV?sig=1' },
      again: png,
      page: 'https://cdn.example/index.html',
      script: 'data:text/html;base64,PHNjcmlwdD4=',
      json: { url: 'https://cdn.example/x', content_type: 'application/json' },
      local: 'file:///etc/passwd.png',
      text: 'a picture of a cat.png',
    };
    const links = findMediaLinks(output);
    expect(links).toEqual([
      { pointer: '/images/0/url', url: png, contentType: 'image/png' },
      { pointer: '/images/1/url', url: 'https://cdn.example/a', contentType: 'image/webp' },
      { pointer: '/a~1b/audio', url: 'https://cdn.example/take.WAV?sig=1', contentType: 'audio/wav' },
    ]);
    for (const link of links) expect(valueAt(output, link.pointer)).toBe(link.url);
    expect(valueAt(output, '/__proto__/x')).toBeNull();
  });

  it('keeps at most a gallery’s worth', () => {
    const many = Array.from({ length: 100 }, (_, i) => `https://cdn.example/${i}.png`);
    expect(findMediaLinks(many)).toHaveLength(MAX_MEDIA_PER_RUN);
  });
});
