// The rows a JSON tree shows: the value walked in order, into the containers that are open. Kept apart from
// the component so the walk (and its limits) can be read and tested on its own.
import type { JsonValue } from '../../form/inputDraft';

export interface JsonRow {
  /** Stable for this place in the value: its path as JSON. */
  id: string;
  /** The row's key: a property name, an index, or null for the root. */
  label: string | number | null;
  value: JsonValue;
  depth: number;
  /** The containing row's id, null for the root. */
  parentId: string | null;
  /** Position among its siblings, from 1, and how many siblings there are (for aria-posinset/setsize). */
  position: number;
  siblings: number;
  /** Only for containers. */
  childCount: number | null;
  /** A placeholder for children past the limit ("… 312 more"). */
  more?: number;
}

/** Children drawn per container; past this the tree says how many more (the whole output is one Copy away). */
export const MAX_CHILDREN = 200;

export function isContainer(value: JsonValue): value is JsonValue[] | { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null;
}

function entriesOf(value: JsonValue[] | { [key: string]: JsonValue }): [string | number, JsonValue][] {
  return Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
}

export function rowId(path: readonly (string | number)[]): string {
  return JSON.stringify(path);
}

/** The rows on screen: every row whose ancestors are all open. */
export function visibleRows(root: JsonValue, open: ReadonlySet<string>): JsonRow[] {
  const rows: JsonRow[] = [];
  const walk = (
    value: JsonValue,
    path: (string | number)[],
    label: string | number | null,
    parentId: string | null,
    position: number,
    siblings: number,
  ) => {
    const id = rowId(path);
    const container = isContainer(value);
    const entries = container ? entriesOf(value) : [];
    rows.push({
      id,
      label,
      value,
      depth: path.length,
      parentId,
      position,
      siblings,
      childCount: container ? entries.length : null,
    });
    if (!container || !open.has(id)) return;
    const shown = entries.slice(0, MAX_CHILDREN);
    const total = shown.length + (entries.length > MAX_CHILDREN ? 1 : 0);
    shown.forEach(([key, child], index) => walk(child, [...path, key], key, id, index + 1, total));
    if (entries.length > MAX_CHILDREN) {
      rows.push({
        id: `${id}#more`,
        label: null,
        value: null,
        depth: path.length + 1,
        parentId: id,
        position: total,
        siblings: total,
        childCount: null,
        more: entries.length - MAX_CHILDREN,
      });
    }
  };
  walk(root, [], null, null, 1, 1);
  return rows;
}

/** Containers open at first: the root and its children, so the output's shape shows at a glance. */
export function initiallyOpen(root: JsonValue): Set<string> {
  const open = new Set<string>();
  if (!isContainer(root)) return open;
  open.add(rowId([]));
  for (const [key, child] of entriesOf(root).slice(0, MAX_CHILDREN)) {
    if (isContainer(child) && entriesOf(child).length <= 20) open.add(rowId([key]));
  }
  return open;
}
