import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { libraryEntry } from '../testing/fakeLibrary';
import { LibraryRow } from './LibraryRow';
import { LibraryTile } from './LibraryTile';

const prompt = 'a lighthouse on a cliff at dusk, stormy sea, long exposure, film grain';
const entry = libraryEntry(1, { title: 'a lighthouse on a cliff at dusk, stormy…', prompt });
/** An entry as the grid hands it over: not under the cursor, not selected, no handler that matters here. */
const shown = {
  entry,
  focused: false,
  selected: false,
  showProfile: false,
  base: undefined,
  onPick: () => undefined,
  onOpen: () => undefined,
  onRate: () => undefined,
  onDragOut: () => undefined,
};

describe('an entry’s name in the list and the grid', () => {
  it('a list row has room for the whole first prompt where the title cuts it short', () => {
    render(<LibraryRow {...shown} />);
    expect(screen.getByText(prompt).getAttribute('title')).toBe(prompt);
    expect(screen.queryByText('a lighthouse on a cliff at dusk, stormy…')).toBeNull();
  });

  it('a tile keeps the short title and shows the whole prompt on hover', () => {
    render(<LibraryTile {...shown} side={160} />);
    expect(screen.getByText('a lighthouse on a cliff at dusk, stormy…').getAttribute('title')).toBe(prompt);
  });
});

describe('a sweep’s pictures told apart', () => {
  const sweepItem = libraryEntry(2, {
    title: 'a lighthouse at dusk, oil painting',
    prompt: 'a lighthouse at dusk, oil painting',
    seed: 4,
    model: 'sd_xl_base_1.0.safetensors',
    batch: { id: 'b1', name: 'Lighthouse study', values: { seed: '4', cfg: '10' } },
  });

  it('a list row says the item’s values where it would say the seed alone', () => {
    render(<LibraryRow {...shown} entry={sweepItem} />);
    expect(screen.getByText(/^sd_xl_base_1\.0\.safetensors · seed 4, cfg 10/)).toBeTruthy();
    expect(screen.queryByText(/· seed 4 ·/)).toBeNull();
  });

  it('a tile says them under its title, with the profile when the grid spans profiles', () => {
    render(<LibraryTile {...shown} entry={sweepItem} side={160} showProfile />);
    const foot = screen.getByTestId('tile-foot');
    expect(foot.textContent).toBe(`seed 4, cfg 10 · ${sweepItem.profileName}`);
    expect(foot.getAttribute('title')).toBe(foot.textContent);
  });

  it('a small tile says them in its title’s tooltip, not cut to a letter beside the stars', () => {
    render(<LibraryTile {...shown} entry={sweepItem} side={112} />);
    expect(screen.queryByTestId('tile-foot')).toBeNull();
    expect(screen.getByText('a lighthouse at dusk, oil painting').getAttribute('title')).toBe(
      'a lighthouse at dusk, oil painting · seed 4, cfg 10',
    );
  });

  it('nothing is repeated when the title is the batch’s name and values, or added for a lone job', () => {
    const named = { ...sweepItem, title: 'Lighthouse study · seed 4, cfg 10', prompt: null };
    render(<LibraryTile {...shown} entry={named} side={160} />);
    expect(screen.queryByTestId('tile-foot')).toBeNull();
    render(<LibraryRow {...shown} entry={{ ...sweepItem, batch: null }} />);
    expect(screen.getByText(/^sd_xl_base_1\.0\.safetensors · seed 4/)).toBeTruthy();
  });

  it('a value that carries invisible or direction marks shows them, not obeys them', () => {
    const hostile = { ...sweepItem, batch: { id: 'b1', name: 'x', values: { text: 'ab\u202ecd' } } };
    render(<LibraryTile {...shown} entry={hostile} side={160} />);
    expect(screen.getByTestId('tile-foot').textContent).toBe('text ab\u27e8U+202E\u27e9cd');
  });
});

describe('a thumbnail on its way', () => {
  it('shows a raised square until the picture has loaded, then the picture plain', () => {
    const { container } = render(<LibraryTile {...shown} base="/asset-bytes/cap" side={176} />);
    const image = container.querySelector('img');
    expect(image?.classList.contains('bg-raised')).toBe(true);
    fireEvent.load(image as HTMLImageElement);
    expect(image?.classList.contains('bg-raised')).toBe(false);
  });
});
