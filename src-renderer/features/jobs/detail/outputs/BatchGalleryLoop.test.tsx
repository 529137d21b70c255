// A batch's gallery (outputs of several jobs) offers the loop in its lightbox, as the contact sheet does:
// Compare with next pairs the open picture with the one after it, closes the lightbox, and opens Compare;
// a single job's gallery (no origin) does not offer it.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GalleryItem } from '../../../../components/gallery/galleryItem';
import { fakeHost } from '../../../../test/fakeHost';
import { renderWithLoupe } from '../../../../test/renderWithLoupe';
import { resetUiState } from '../../../../test/resetUiState';
import { useLoopUi } from '../../../loop/loopUiStore';
import { OutputsGallery } from './OutputsGallery';

function picture(index: number, origin: boolean): GalleryItem {
  return {
    key: `job-${index}/asset-${index}`,
    profileId: 'local',
    assetId: `asset-${index}`,
    name: `out_${index}.png`,
    kind: 'image',
    contentType: 'image/png',
    sizeBytes: 10,
    hash: null,
    url: `/asset-bytes/cap/local/asset-${index}`,
    ...(origin ? { origin: { jobId: `job-${index}`, label: `Item ${index}` } } : {}),
  };
}

beforeEach(() => {
  resetUiState('batches');
  act(() => useLoopUi.getState().closeCompare());
});

async function openFirst(items: GalleryItem[]): Promise<HTMLElement> {
  renderWithLoupe(<OutputsGallery items={items} writing={false} />, fakeHost().loupe);
  const [tile] = await screen.findAllByTestId('gallery-tile');
  fireEvent.click(tile?.querySelector('[data-tile-open]') as HTMLElement);
  return screen.getByTestId('lightbox');
}

describe('the batch gallery’s loop', () => {
  it('compares the open picture with the next one, and closes the lightbox as Compare opens', async () => {
    const box = await openFirst([picture(1, true), picture(2, true), picture(3, true)]);
    fireEvent.click(within(box).getByRole('button', { name: 'Compare with next' }));
    expect(screen.queryByTestId('lightbox')).toBeNull();
    const compare = useLoopUi.getState().compare;
    expect(compare?.picks.map((pick) => pick.jobId)).toEqual(['job-1', 'job-2']);
    expect(compare?.steps).toHaveLength(2);
  });

  it('is not offered in one job’s gallery', async () => {
    const box = await openFirst([picture(1, false), picture(2, false)]);
    expect(within(box).queryByRole('button', { name: 'Compare with next' })).toBeNull();
    expect(within(box).queryByRole('region', { name: 'Vary and reuse' })).toBeNull();
  });
});
