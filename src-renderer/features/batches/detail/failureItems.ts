// Which items a failure group names, as people count them (#1 is position 0): the first few, each a link
// to its row, then how many more.

/** Items named one by one before "+N more". */
export const ITEMS_NAMED = 6;

export interface NamedItem {
  itemId: string;
  /** 1-based. */
  number: number;
}

export interface FailureItems {
  named: NamedItem[];
  more: number;
}

export function failureItems(
  group: { itemIds: readonly string[]; positions: readonly number[] },
  limit = ITEMS_NAMED,
): FailureItems {
  const count = Math.min(group.itemIds.length, group.positions.length);
  const named: NamedItem[] = [];
  for (let index = 0; index < Math.min(count, limit); index += 1) {
    named.push({ itemId: group.itemIds[index] ?? '', number: (group.positions[index] ?? 0) + 1 });
  }
  return { named, more: count - named.length };
}
