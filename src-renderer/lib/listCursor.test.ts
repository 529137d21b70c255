import { describe, expect, it, vi } from 'vitest';
import { listCursorKey, moveCursor, type ListCursor } from './listCursor';

function cursorOver(ids: string[], cursorId: string | null, openId: string | null = null): ListCursor {
  return { rows: ids.map((id) => ({ id })), cursorId, openId, setCursor: vi.fn(), open: vi.fn() };
}

function key(name: string, target: EventTarget = document.body): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: name });
  Object.defineProperty(event, 'target', { value: target });
  return event;
}

describe('the list cursor', () => {
  it('starts at the first row going down and the last going up, and stops at either end', () => {
    const none = cursorOver(['a', 'b', 'c'], null);
    moveCursor(none, 1);
    moveCursor(none, -1);
    expect(vi.mocked(none.setCursor).mock.calls).toEqual([['a'], ['c']]);

    const atEnd = cursorOver(['a', 'b', 'c'], 'c');
    moveCursor(atEnd, 1);
    expect(atEnd.setCursor).toHaveBeenCalledWith('c');
    const gone = cursorOver(['a', 'b'], 'x');
    moveCursor(gone, -1);
    expect(gone.setCursor).toHaveBeenCalledWith('b');
  });

  it('does nothing over an empty list, yet still takes j and k', () => {
    const empty = cursorOver([], null);
    expect(listCursorKey(key('j'), empty)).toBe(true);
    expect(empty.setCursor).not.toHaveBeenCalled();
  });

  it('opens the cursor row on Enter, except when a control has focus or there is no cursor', () => {
    const cursor = cursorOver(['a', 'b'], 'b');
    expect(listCursorKey(key('Enter'), cursor)).toBe(true);
    expect(cursor.open).toHaveBeenCalledWith('b');
    expect(listCursorKey(key('Enter', document.createElement('button')), cursorOver(['a'], 'a'))).toBe(false);
    expect(listCursorKey(key('Enter'), cursorOver(['a'], null))).toBe(false);
  });

  it('closes the open row on Escape and leaves Escape alone when none is open', () => {
    const open = cursorOver(['a'], 'a', 'a');
    expect(listCursorKey(key('Escape'), open)).toBe(true);
    expect(open.open).toHaveBeenCalledWith(null);
    expect(listCursorKey(key('Escape'), cursorOver(['a'], 'a'))).toBe(false);
    expect(listCursorKey(key('x'), cursorOver(['a'], 'a'))).toBe(false);
  });
});
