import { render, screen } from '@testing-library/react';
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
