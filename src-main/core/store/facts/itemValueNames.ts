// A batch item's values, named for people: `[{target: '3.seed', value: 7}]` reads `seed 7` (the input's name,
// without its node id). One wording for the library's entries and the job list's rows; the line they are said
// in is src-shared/itemValuesText.ts.
/** How many characters of a value and of an input's name are kept. */
const VALUE_CHARS = 100;
const NAME_CHARS = 60;

function valueText(value: unknown): string {
  if (typeof value === 'string') return value.slice(0, VALUE_CHARS);
  // Stored values are JSON already (itemValuesSchema), so this always gives text.
  return JSON.stringify(value).slice(0, VALUE_CHARS);
}

/** `{seed: '7', cfg: '4.5'}` from the item's values; a later value on the same input name wins. */
export function namedItemValues(
  values: readonly { target: string; value: unknown }[] | null,
): Record<string, string> {
  const named: Record<string, string> = {};
  for (const { target, value } of values ?? []) {
    const input = target.split('.').slice(1).join('.') || target;
    named[input.slice(0, NAME_CHARS)] = valueText(value);
  }
  return named;
}
