// The output tree from the keyboard (WAI-ARIA tree view): one tab stop, arrows move, open and close.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JsonTree } from './JsonTree';

const OUTPUT = {
  images: [{ url: 'https://example.invalid/1.png', width: 512 }],
  seed: 7,
  note: 'line\u202Eevil',
};

const items = () => screen.getAllByRole('treeitem');
const focused = () => document.activeElement as HTMLElement;

describe('the JSON tree', () => {
  it('moves, opens and closes from the keyboard, with one tab stop', async () => {
    render(<JsonTree value={OUTPUT} label="Output" />);
    // The root and its small children open at first; deeper levels closed.
    expect(items().map((item) => item.getAttribute('aria-level'))).toEqual(['1', '2', '3', '2', '2']);
    expect(items().filter((item) => item.tabIndex === 0)).toHaveLength(1);
    const root = items()[0]!;
    root.focus();
    fireEvent.keyDown(root, { key: 'ArrowDown' });
    await waitFor(() => expect(focused().textContent).toContain('"images"'));
    expect(focused().getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(focused(), { key: 'ArrowLeft' });
    await waitFor(() => expect(focused().getAttribute('aria-expanded')).toBe('false'));
    expect(items()).toHaveLength(4);
    fireEvent.keyDown(focused(), { key: 'ArrowRight' });
    await waitFor(() => expect(items()).toHaveLength(5));
    fireEvent.keyDown(focused(), { key: 'ArrowRight' });
    await waitFor(() => expect(focused().textContent).toContain('0:'));
    fireEvent.keyDown(focused(), { key: 'Enter' });
    await waitFor(() => expect(focused().getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getByText(/"width"/)).toBeTruthy();
    fireEvent.keyDown(focused(), { key: 'End' });
    await waitFor(() => expect(focused().textContent).toContain('"note"'));
    fireEvent.keyDown(focused(), { key: 'ArrowLeft' });
    await waitFor(() => expect(focused().getAttribute('aria-level')).toBe('1'));
    expect(items().filter((item) => item.tabIndex === 0)).toEqual([focused()]);
  });

  it('shows text from the service as text, its hidden marks made visible', () => {
    render(<JsonTree value={OUTPUT} label="Output" />);
    const note = items().find((item) => item.textContent.includes('"note"'));
    expect(note?.textContent).toContain('U+202E');
    expect(note?.textContent).not.toContain('\u202E');
  });
});
