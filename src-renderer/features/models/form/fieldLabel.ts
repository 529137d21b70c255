// Field names as a person reads them: `negative_prompt` → "Negative prompt", `numImages` → "Num images". The
// schema's own `title` wins when it has one; the raw key stays visible beside the label (it is what the JSON
// view and the provider's messages call the field).

export function humanLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.length === 0 ? key : words.charAt(0).toUpperCase() + words.slice(1);
}
