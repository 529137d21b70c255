// A batch item's values in one line for people: `seed 7, cfg 4.5`, and when to say them beside a title. One
// wording and one rule for the library's titles, the job list's rows (main) and the library's tiles and rows
// (the window).

/** `seed 7, cfg 4.5` from `{seed: '7', cfg: '4.5'}`; empty when there are none. */
export function itemValuesText(named: Readonly<Record<string, string>>): string {
  return Object.entries(named)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
}

/**
 * The values to say beside a title (`seed 7, cfg 4.5`), or null when there are none or the title ends with them
 * already (a title made from the batch's name and values). One rule for the job list's rows and the library's.
 */
export function valuesBesideTitle(
  title: string | null,
  named: Readonly<Record<string, string>>,
): string | null {
  const text = itemValuesText(named);
  if (text === '' || title?.endsWith(text) === true) return null;
  return text;
}
