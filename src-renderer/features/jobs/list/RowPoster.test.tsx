// A row of a job (or batch) that made only video: its picture is the video's poster frame from main's thumbnail
// route; when main has none yet (the route refuses), the row draws one itself, once, and asks again under a
// fresh address. Not before the library holds the job (there is no entry to draw for), never the video as a
// picture, and a poster that cannot be drawn leaves the quiet tile.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RowThumbnail } from './RowThumbnail';

const THUMB = '/asset-bytes/cap/local/thumbs/vid';

function drawer(answers: boolean[]) {
  const asked: string[] = [];
  const pending: ((drawn: boolean) => void)[] = [];
  const drawPoster = (assetId: string): Promise<boolean> => {
    asked.push(assetId);
    return new Promise<boolean>((resolve) => pending.push(resolve));
  };
  /** Settles the oldest drawing with the next answer. */
  const settle = async (): Promise<void> => {
    const resolve = pending.shift();
    if (resolve === undefined) throw new Error('nothing is being drawn');
    await act(async () => {
      resolve(answers.shift() ?? false);
      await Promise.resolve();
    });
  };
  return { asked, drawPoster, settle };
}

const tile = () => screen.getByTestId('row-thumbnail');
const img = () => tile().querySelector('img');

describe('a video row’s poster', () => {
  it('shows main’s poster when there is one, drawing nothing', () => {
    const { asked, drawPoster } = drawer([]);
    render(<RowThumbnail url={THUMB} inLibrary posterAssetId="vid" drawPoster={drawPoster} />);
    expect(img()?.getAttribute('src')).toBe(THUMB);
    fireEvent.load(img()!);
    expect(tile().dataset.state).toBe('loaded');
    expect(asked).toEqual([]);
  });

  it('draws the poster when main has none, then asks again under a fresh address', async () => {
    const { asked, drawPoster, settle } = drawer([true]);
    render(<RowThumbnail url={THUMB} inLibrary posterAssetId="vid" drawPoster={drawPoster} />);
    fireEvent.error(img()!);
    expect(asked).toEqual(['vid']);
    // While it draws: the quiet tile, with words for whoever hovers it; no picture (never the video itself).
    expect(tile().dataset.state).toBe('drawing');
    expect(tile().getAttribute('title')).toBe('Drawing a poster frame…');
    expect(img()).toBeNull();
    await settle();
    expect(img()?.getAttribute('src')).toBe(`${THUMB}?attempt=1`);
    fireEvent.load(img()!);
    expect(tile().dataset.state).toBe('loaded');
    expect(asked).toEqual(['vid']);
  });

  it('draws once: a poster that will not load after drawing, or cannot be drawn, leaves the quiet tile', async () => {
    const drawn = drawer([true]);
    const { unmount } = render(
      <RowThumbnail url={THUMB} inLibrary posterAssetId="vid" drawPoster={drawn.drawPoster} />,
    );
    fireEvent.error(img()!);
    await drawn.settle();
    fireEvent.error(img()!);
    expect(tile().dataset.state).toBe('failed');
    expect(img()).toBeNull();
    expect(drawn.asked).toEqual(['vid']);
    unmount();

    const refused = drawer([false]);
    render(<RowThumbnail url={THUMB} inLibrary posterAssetId="vid" drawPoster={refused.drawPoster} />);
    fireEvent.error(img()!);
    await refused.settle();
    expect(tile().dataset.state).toBe('failed');
    expect(tile().getAttribute('title')).toBe('The picture could not be loaded');
    expect(img()).toBeNull();
    expect(refused.asked).toEqual(['vid']);
  });

  it('asks nothing before the library holds the job, then draws once it does', async () => {
    const { asked, drawPoster, settle } = drawer([true]);
    const { rerender } = render(
      <RowThumbnail url={THUMB} inLibrary={false} posterAssetId="vid" drawPoster={drawPoster} />,
    );
    // No original to fall back on: nothing is loaded, nothing drawn.
    expect(tile().dataset.state).toBe('none');
    expect(asked).toEqual([]);
    rerender(<RowThumbnail url={THUMB} inLibrary posterAssetId="vid" drawPoster={drawPoster} />);
    fireEvent.error(img()!);
    expect(asked).toEqual(['vid']);
    await settle();
    expect(img()?.getAttribute('src')).toBe(`${THUMB}?attempt=1`);
  });

  it('draws nothing for a picture that is not a video’s poster', () => {
    const { asked, drawPoster } = drawer([]);
    render(<RowThumbnail url={THUMB} inLibrary drawPoster={drawPoster} />);
    fireEvent.error(img()!);
    expect(tile().dataset.state).toBe('failed');
    expect(asked).toEqual([]);
  });

  it('starts over for another video handed to the same row', async () => {
    const { asked, drawPoster, settle } = drawer([false, true]);
    const { rerender } = render(
      <RowThumbnail url={THUMB} inLibrary posterAssetId="vid" drawPoster={drawPoster} />,
    );
    fireEvent.error(img()!);
    await settle();
    expect(tile().dataset.state).toBe('failed');
    const other = '/asset-bytes/cap/local/thumbs/vid-2';
    rerender(<RowThumbnail url={other} inLibrary posterAssetId="vid-2" drawPoster={drawPoster} />);
    expect(img()?.getAttribute('src')).toBe(other);
    fireEvent.error(img()!);
    await settle();
    expect(asked).toEqual(['vid', 'vid-2']);
    expect(img()?.getAttribute('src')).toBe(`${other}?attempt=1`);
  });
});
