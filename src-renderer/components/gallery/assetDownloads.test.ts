import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_DOWNLOAD_GAP_MS, browserDownloader } from './assetDownloads';

const FILES = [
  { profileId: 'p', assetId: 'a', url: '/asset-bytes/cap/p/a', fileName: 'a.png' },
  { profileId: 'p', assetId: 'b', url: '/asset-bytes/cap/p/b', fileName: 'b.wav' },
  { profileId: 'p', assetId: 'c', url: '/asset-bytes/cap/p/c', fileName: 'c.txt' },
];

let clicked: { href: string; download: string; attached: boolean }[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({
      href: this.getAttribute('href') ?? '',
      download: this.download,
      attached: this.isConnected,
    });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the browser downloader', () => {
  it('clicks an <a download> per file, one after another with a gap, and leaves nothing behind', async () => {
    const saved: number[] = [];
    const done = browserDownloader.save(FILES, (count) => saved.push(count));
    await vi.advanceTimersByTimeAsync(0);
    expect(clicked).toEqual([{ href: '/asset-bytes/cap/p/a', download: 'a.png', attached: true }]);
    await vi.advanceTimersByTimeAsync(BROWSER_DOWNLOAD_GAP_MS);
    expect(clicked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(BROWSER_DOWNLOAD_GAP_MS);
    await done;
    expect(clicked.map((click) => click.download)).toEqual(['a.png', 'b.wav', 'c.txt']);
    expect(saved).toEqual([1, 2, 3]);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
  });

  it('stops when aborted; what was handed over stays', async () => {
    const controller = new AbortController();
    const done = browserDownloader.save(FILES, undefined, controller.signal);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await vi.advanceTimersByTimeAsync(BROWSER_DOWNLOAD_GAP_MS * 3);
    await done;
    expect(clicked).toHaveLength(1);
  });
});
