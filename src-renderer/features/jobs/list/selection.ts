// Multi-select like a file manager: a click opens one row (and anchors the next range), Ctrl/Cmd toggles a
// row, Shift selects the range from the anchor (added to the selection when Ctrl/Cmd is held too).

export interface Selection {
  selected: ReadonlySet<string>;
  anchorId: string | null;
}

export interface SelectModifiers {
  range: boolean;
  toggle: boolean;
}

export function selectByClick(
  current: Selection,
  ids: readonly string[],
  clickedId: string,
  { range, toggle }: SelectModifiers,
): Selection {
  if (range) {
    const anchor = current.anchorId !== null && ids.includes(current.anchorId) ? current.anchorId : clickedId;
    const from = ids.indexOf(anchor);
    const to = ids.indexOf(clickedId);
    const [start, end] = from <= to ? [from, to] : [to, from];
    const next = new Set(toggle ? current.selected : []);
    for (const id of ids.slice(start, end + 1)) next.add(id);
    return { selected: next, anchorId: anchor };
  }
  if (toggle) {
    // After a plain click nothing is marked yet: Ctrl/Cmd-click adds to the row clicked before, as in a file manager.
    const anchor = current.anchorId;
    const fromAnchor = current.selected.size === 0 && anchor !== null && anchor !== clickedId;
    return toggleOne(fromAnchor ? { selected: new Set([anchor]), anchorId: anchor } : current, clickedId);
  }
  // A plain click opens the row; it does not mark it, so the open job is shown once, not twice.
  return { selected: new Set(), anchorId: clickedId };
}

export function toggleOne(current: Selection, id: string): Selection {
  const next = new Set(current.selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return { selected: next, anchorId: id };
}
