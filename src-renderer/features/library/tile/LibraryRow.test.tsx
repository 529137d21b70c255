import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { libraryEntry } from '../testing/fakeLibrary';
import { LibraryRow } from './LibraryRow';
import { LibraryTile } from './LibraryTile';

const handlers = {
  onPick: () => undefined,
  onOpen: () => undefined,
  onRate: () => undefined,
  onDragOut: () => undefined,
};
const prompt = 'a lighthouse on a cliff at dusk, stormy sea, long exposure, film grain';
const entry = libraryEntry(1, { title: 'a lighthouse on a cliff at dusk, stormy…', prompt });

describe('an entry’s name in the list and the grid', () => {
  it('a list row has room for the whole first prompt where the title cuts it short', () => {
    render(
      <LibraryRow
        entry={entry}
        focused={false}
        selected={false}
        showProfile={false}
        base={undefined}
        {...handlers}
      />,
    );
    expect(screen.getByText(prompt).getAttribute('title')).toBe(prompt);
    expect(screen.queryByText('a lighthouse on a cliff at dusk, stormy…')).toBeNull();
  });

  it('a tile keeps the short title and shows the whole prompt on hover', () => {
    render(
      <LibraryTile
        entry={entry}
        focused={false}
        selected={false}
        showProfile={false}
        base={undefined}
        side={160}
        {...handlers}
      />,
    );
    expect(screen.getByText('a lighthouse on a cliff at dusk, stormy…').getAttribute('title')).toBe(prompt);
  });
});
