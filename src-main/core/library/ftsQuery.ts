// The one place user text becomes an FTS5 MATCH expression. Every term is written as an FTS5 string (in
// double quotes, a quote inside doubled), so nothing a person types is read as FTS5 syntax: `NEAR(`, `-`,
// `^`, `*`, `OR`, column filters and unbalanced quotes are all just characters the tokenizer splits words on.
// The only operator we add is the prefix `*` after a closed string, for a term the parser marked as a prefix.
import type { SearchTerm } from './queryParser';

function ftsString(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** Terms joined by FTS5's implicit AND; null when there is nothing to match (no words typed). */
export function ftsMatchOf(terms: readonly SearchTerm[]): string | null {
  const parts = terms.map((term) => `${ftsString(term.text)}${term.prefix ? '*' : ''}`);
  return parts.length === 0 ? null : parts.join(' ');
}
