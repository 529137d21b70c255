// Untrusted text (axis names, values: anyone's JSON) on its way into SVG or HTML: control and bidi characters
// made visible, length capped, and the markup characters escaped. Nothing a value holds can become markup.

/** C0 and C1 controls, and the bidi marks and overrides that reorder what follows them. */
const UNSHOWN = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** At most `max` characters, with control and bidi-override characters shown as U+FFFD. */
export function plainLabel(text: string, max = 60): string {
  const visible = text.replace(UNSHOWN, '\ufffd');
  return visible.length > max ? `${visible.slice(0, max - 1)}…` : visible;
}

/** Escaped for XML and HTML text and attribute values alike. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
