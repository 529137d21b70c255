import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, isAppUrl } from './appOrigin';
import { rendererEntry } from './rendererEntry';

describe('rendererEntry', () => {
  it('ignores ELECTRON_RENDERER_URL in a packaged app: the app origin only, and no other origin is trusted', () => {
    const entry = rendererEntry('http://localhost:5173/', true);
    expect(entry).toEqual({ url: APP_ENTRY_URL, devOrigin: undefined });
    expect(isAppUrl('http://localhost:5173/', entry.devOrigin)).toBe(false);
  });

  it('uses a loopback dev server in development, and trusts its origin', () => {
    const entry = rendererEntry('http://localhost:5173/', false);
    expect(entry).toEqual({ url: 'http://localhost:5173/', devOrigin: 'http://localhost:5173' });
    expect(isAppUrl('http://localhost:5173/index.html', entry.devOrigin)).toBe(true);
  });

  it.each(['https://evil.example/', 'http://10.0.0.5:5173/', 'file:///tmp/index.html', 'not a url'])(
    'refuses a dev server that is not on this machine: %s',
    (url) => {
      expect(rendererEntry(url, false)).toEqual({ url: APP_ENTRY_URL, devOrigin: undefined });
    },
  );

  it('loads the app itself without a dev server', () => {
    expect(rendererEntry(undefined, false)).toEqual({ url: APP_ENTRY_URL, devOrigin: undefined });
  });
});
