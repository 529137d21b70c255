// The picker's selection as an ordered list of asset ids: the order is the order picked, and it becomes the
// order of the batch's items (one item per asset). What several ids join at once (a Shift range, Ctrl+A)
// joins in the list's order. Ids stay selected while a search hides them.

/** One id in or out: in at the end, out from wherever it was. */
export function toggled(selected: readonly string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((one) => one !== id) : [...selected, id];
}

/** Adds one id if it is not in yet. */
export function added(selected: readonly string[], ids: readonly string[]): string[] {
  const have = new Set(selected);
  const fresh = ids.filter((id) => {
    if (have.has(id)) return false;
    have.add(id);
    return true;
  });
  return fresh.length === 0 ? [...selected] : [...selected, ...fresh];
}

/**
 * Everything shown from the anchor to `to`, both included, added in the list's order. Without an anchor on
 * screen, just `to`.
 */
export function withRange(
  selected: readonly string[],
  shown: readonly string[],
  anchor: string | null,
  to: string,
): string[] {
  const end = shown.indexOf(to);
  const start = anchor === null ? -1 : shown.indexOf(anchor);
  if (end === -1) return [...selected];
  if (start === -1) return added(selected, [to]);
  const [from, until] = start <= end ? [start, end] : [end, start];
  return added(selected, shown.slice(from, until + 1));
}

/** Ctrl+A: every shown id in; when they all are already, every shown id out. */
export function allToggled(selected: readonly string[], shown: readonly string[]): string[] {
  const have = new Set(selected);
  if (shown.length > 0 && shown.every((id) => have.has(id))) {
    const hidden = new Set(shown);
    return selected.filter((id) => !hidden.has(id));
  }
  return added(selected, shown);
}
