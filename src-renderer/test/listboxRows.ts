// The rows of a screen's virtual list, found the way a person finds them (the listbox by its name, then its
// options), so the Jobs and Batches tests read their lists alike.
import { screen, within } from '@testing-library/react';

/** The option elements of the listbox named `name` (not the <option>s of a filter menu); none if it is absent. */
export function listboxRows(name: string): HTMLElement[] {
  const list = screen.queryByRole('listbox', { name });
  return list ? within(list).queryAllByRole('option') : [];
}

/** The listbox's rows as the ids their `data-<idKey>` attribute names, in order. */
export function listboxRowIds(name: string, idKey: string): string[] {
  return listboxRows(name).map((row) => row.dataset[idKey] ?? '');
}

/** The listbox's row whose `data-<idKey>` is `id`; throws when there is none. */
export function listboxRow(name: string, idKey: string, id: string): HTMLElement {
  const row = listboxRows(name).find((element) => element.dataset[idKey] === id);
  if (!row) throw new Error(`no row for ${id} in the ${name} list`);
  return row;
}
