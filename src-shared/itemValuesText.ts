// A batch item's values in one line for people: `seed 7, cfg 4.5`. One wording for the library's titles, the
// job list's rows (main) and the library's tiles and rows (the window).

/** `seed 7, cfg 4.5` from `{seed: '7', cfg: '4.5'}`; empty when there are none. */
export function itemValuesText(named: Readonly<Record<string, string>>): string {
  return Object.entries(named)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
}
