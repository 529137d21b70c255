import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeHost } from '../../test/fakeHost';
import { renderWithLoupe } from '../../test/renderWithLoupe';
import { setAssetDragger } from './assetDrag';
import { GalleryTile } from './GalleryTile';
import type { GalleryItem } from './galleryItem';

const item: GalleryItem = {
  key: 'k1',
  profileId: 'p',
  assetId: 'asset-1',
  name: 'notes.bin',
  kind: 'file',
  contentType: 'application/octet-stream',
  sizeBytes: 12,
  hash: null,
  url: '/asset-bytes/cap/p/asset-1',
};

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('a gallery tile', () => {
  it('is not draggable where no shell can drag files out (the browser shell)', () => {
    renderWithLoupe(<GalleryTile item={item} fresh={false} onOpen={vi.fn()} />, fakeHost().loupe);
    expect(screen.getByTestId('gallery-tile').getAttribute('draggable')).toBe('false');
  });

  it('hands its asset to the dragger when one is installed (Electron), instead of an HTML drag', () => {
    const dragger = vi.fn();
    restore = setAssetDragger(dragger);
    renderWithLoupe(<GalleryTile item={item} fresh={false} onOpen={vi.fn()} />, fakeHost().loupe);
    const tile = screen.getByTestId('gallery-tile');
    expect(tile.getAttribute('draggable')).toBe('true');
    const notPrevented = fireEvent.dragStart(tile);
    expect(notPrevented).toBe(false);
    expect(dragger).toHaveBeenCalledWith('p', 'asset-1');
  });
});
