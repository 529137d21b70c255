import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobOutput } from '../../../../../src-shared/contract';
import { setAssetDownloader, type AssetFile } from '../../../../components/gallery/assetDownloads';
import { renderWithLoupe } from '../../../../test/renderWithLoupe';
import { resetUiState } from '../../../../test/resetUiState';
import {
  BASE,
  EVERY_KIND,
  HASH,
  fakeAssetFetch,
  fakeClipboard,
  finishedJob,
  galleryHost,
} from './outputFixtures';
import { OutputsTab } from './OutputsTab';

beforeEach(() => {
  resetUiState('jobs');
  fakeAssetFetch({ [`${BASE}local/txt-1`]: { status: 200, body: 'caption' } });
});
afterEach(() => vi.unstubAllGlobals());

const IMAGES: JobOutput[] = EVERY_KIND.filter(
  (o) => o.type === 'image' || o.type === 'text' || o.type === 'file',
);

function renderGallery(outputs: JobOutput[] = IMAGES, host = galleryHost([finishedJob(outputs)])) {
  renderWithLoupe(<OutputsTab job={finishedJob(outputs)} />, host.loupe);
  return host;
}

async function openTile(index: number): Promise<HTMLElement> {
  const tiles = await screen.findAllByTestId('gallery-tile');
  const tile = tiles[index];
  if (!tile) throw new Error(`no tile ${index}`);
  fireEvent.click(tile.querySelector('[data-tile-open]')!);
  return screen.getByTestId('lightbox');
}

const key = (target: Element, name: string, extra: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(target, { key: name, ...extra });

describe('the output lightbox', () => {
  it('opens on a tile, moves with the arrow keys, Home and End, and wraps around', async () => {
    renderGallery();
    const box = await openTile(0);
    expect(document.activeElement).toBe(box);
    expect(box.getAttribute('data-key')).toBe('9/img-1');
    expect(box.textContent).toContain('1 of 3');
    expect(within(box).getByRole('img', { name: 'kite_0001.png' }).getAttribute('src')).toBe(
      `${BASE}local/img-1`,
    );

    key(box, 'ArrowRight');
    expect(box.getAttribute('data-key')).toBe('9/txt-1');
    expect(box.textContent).toContain('2 of 3');
    expect((await within(box).findByTestId('text-preview')).textContent).toBe('caption');
    key(box, 'ArrowRight');
    expect(box.getAttribute('data-key')).toBe('9/bin-1');
    expect(box.textContent).toContain('no preview');
    key(box, 'ArrowRight');
    expect(box.getAttribute('data-key')).toBe('9/img-1');
    key(box, 'ArrowLeft');
    expect(box.getAttribute('data-key')).toBe('9/bin-1');
    key(box, 'Home');
    expect(box.getAttribute('data-key')).toBe('9/img-1');
    key(box, 'End');
    expect(box.getAttribute('data-key')).toBe('9/bin-1');
    // The buttons do the same.
    fireEvent.click(within(box).getByRole('button', { name: 'Next (→)' }));
    expect(box.getAttribute('data-key')).toBe('9/img-1');
  });

  it('closes on Esc with focus back on the tile of the output last shown; keys never reach the screen', async () => {
    renderGallery();
    const behind = vi.fn();
    window.addEventListener('keydown', behind);
    const box = await openTile(0);
    key(box, 'ArrowRight');
    key(box, 'c');
    key(box, 'Escape');
    window.removeEventListener('keydown', behind);
    expect(behind).not.toHaveBeenCalled();
    expect(screen.queryByTestId('lightbox')).toBeNull();
    const textTile = screen.getAllByTestId('gallery-tile')[1]!;
    expect(document.activeElement).toBe(textTile.querySelector('[data-tile-open]'));
  });

  it('keeps its keys when focus was lost (a focused control went away): Esc still closes only it', async () => {
    renderGallery();
    const behind = vi.fn();
    window.addEventListener('keydown', behind);
    const box = await openTile(0);
    box.blur();
    expect(document.activeElement).toBe(document.body);
    key(document.body, 'ArrowRight');
    expect(box.getAttribute('data-key')).toBe('9/txt-1');
    key(document.body, 'Escape');
    window.removeEventListener('keydown', behind);
    expect(behind).not.toHaveBeenCalled();
    expect(screen.queryByTestId('lightbox')).toBeNull();
  });

  it('keeps focus inside: Tab wraps at both ends, and focus that escapes is brought back', async () => {
    renderGallery();
    const box = await openTile(0);
    const close = within(box).getByRole('button', { name: 'Close the viewer (Esc)' });
    const controls = [...box.querySelectorAll<HTMLElement>('button, [href], input, [tabindex="0"]')];
    const last = controls[controls.length - 1]!;
    last.focus();
    key(last, 'Tab');
    expect(document.activeElement).toBe(close);
    key(close, 'Tab', { shiftKey: true });
    expect(document.activeElement).toBe(last);
    // Focus moved outside (a click on the page behind) comes back to the lightbox.
    const outside = screen.getAllByTestId('gallery-tile')[0]!.querySelector<HTMLElement>('[data-tile-open]')!;
    outside.focus();
    expect(box.contains(document.activeElement)).toBe(true);
  });

  it('shows the name, type, size and the whole hash, copyable', async () => {
    const writeText = fakeClipboard();
    renderGallery();
    const box = await openTile(2);
    const details = within(box).getByTestId('output-details');
    expect(details.textContent).toContain('weights.safetensors');
    expect(details.textContent).toContain('File · application/octet-stream');
    expect(details.textContent).toContain('5.24 MB');
    expect(details.textContent).toContain(HASH);
    fireEvent.click(within(details).getByTitle('Copy the hash'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(HASH));
  });
});

describe('the lightbox actions', () => {
  it('copies a signed link and says until when it works', async () => {
    const writeText = fakeClipboard();
    const expiresAt = new Date(Date.now() + 6 * 60 * 60 * 1000).toISOString();
    const host = galleryHost([finishedJob(IMAGES)], {
      'assets.copyLink': () => ({
        ok: true,
        value: { kind: 'signed', url: 'https://storage.example/signed?sig=abc', expiresAt },
      }),
    });
    renderGallery(IMAGES, host);
    const box = await openTile(0);
    fireEvent.click(within(box).getByRole('button', { name: 'Copy link' }));
    const said = await within(box).findByTestId('copy-link-result');
    expect(said.textContent).toMatch(/^Link copied: works until (tomorrow )?\d{1,2}:\d{2}.*\(about 6 h\)\.$/);
    expect(writeText).toHaveBeenCalledWith('https://storage.example/signed?sig=abc');
    expect(host.callsOf('assets.copyLink')).toEqual([
      { name: 'assets.copyLink', args: { profileId: 'local', assetId: 'img-1' } },
    ]);
  });

  it('explains that a self-hosted surface has no shareable link, and copies nothing', async () => {
    const writeText = fakeClipboard();
    const host = galleryHost([finishedJob(IMAGES)], {
      'assets.copyLink': () => ({
        ok: true,
        value: {
          kind: 'none',
          message: 'This service has no shareable links. Download the file to share it.',
        },
      }),
    });
    renderGallery(IMAGES, host);
    const box = await openTile(0);
    fireEvent.click(within(box).getByRole('button', { name: 'Copy link' }));
    expect((await within(box).findByTestId('copy-link-result')).textContent).toContain('no shareable links');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('shows the link to copy by hand when the clipboard refuses, and an error in words', async () => {
    fakeClipboard(true);
    let fail = false;
    const host = galleryHost([finishedJob(IMAGES)], {
      'assets.copyLink': () =>
        fail
          ? { ok: false, error: { code: 'asset_not_found', message: 'The service has no asset img-1.' } }
          : { ok: true, value: { kind: 'signed', url: 'https://storage.example/x', expiresAt: null } },
    });
    renderGallery(IMAGES, host);
    const box = await openTile(0);
    fireEvent.click(within(box).getByRole('button', { name: 'Copy link' }));
    const said = await within(box).findByTestId('copy-link-result');
    expect(said.textContent).toContain('Here is the link. The service did not say how long it works.');
    expect(within(box).getByLabelText<HTMLInputElement>('The link').value).toBe('https://storage.example/x');

    fail = true;
    fireEvent.click(within(box).getByRole('button', { name: 'Copy link' }));
    const alert = await within(box).findByRole('alert');
    expect(alert.textContent).toContain('Loupe could not make a link: The service has no asset img-1.');
  });

  it('copies the core/ASSET reference', async () => {
    const writeText = fakeClipboard();
    const host = renderGallery();
    const box = await openTile(1);
    fireEvent.click(within(box).getByRole('button', { name: 'Copy reference' }));
    expect((await within(box).findByTestId('copy-reference-result')).textContent).toContain(
      'Reference copied',
    );
    expect(writeText).toHaveBeenCalledWith(JSON.stringify({ __type: 'core/ASSET', info: { id: 'txt-1' } }));
    expect(host.callsOf('assets.reference')).toHaveLength(1);
  });

  it('downloads one from the lightbox and all from the toolbar, in order, through the downloader', async () => {
    const saved: AssetFile[][] = [];
    const restore = setAssetDownloader({
      save: (files, onSaved) => {
        saved.push([...files]);
        onSaved?.(files.length);
        return Promise.resolve();
      },
    });
    try {
      renderGallery();
      const box = await openTile(0);
      fireEvent.click(within(box).getByRole('button', { name: 'Download' }));
      await within(box).findByText('Download started: kite_0001.png.');
      key(box, 'Escape');
      fireEvent.click(screen.getByRole('button', { name: 'Download all 3' }));
      await waitFor(() => expect(saved).toHaveLength(2));
      expect(saved[0]).toEqual([
        { profileId: 'local', assetId: 'img-1', url: `${BASE}local/img-1`, fileName: 'kite_0001.png' },
      ]);
      expect(saved[1]?.map((file) => file.fileName)).toEqual([
        'kite_0001.png',
        'caption.txt',
        'weights.safetensors',
      ]);
    } finally {
      restore();
    }
  });
});
