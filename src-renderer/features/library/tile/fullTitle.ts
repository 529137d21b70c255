import type { LibraryEntry } from '../../../../src-shared/contract';
import { visibleText } from '../../../lib/visibleText';

/**
 * An entry's name with nothing cut off, for where there is room (a list row) or a tooltip: its first prompt in
 * full when the title is that prompt's first words cut short, else the title as it is (a batch's name and
 * values, a file name, or a prompt short enough to be whole).
 */
export function fullTitle(entry: Pick<LibraryEntry, 'title' | 'prompt'>): string {
  if (!entry.title.endsWith('…') || entry.prompt === null) return entry.title;
  const prompt = entry.prompt.replace(/\s+/g, ' ').trim();
  return prompt.startsWith(entry.title.slice(0, -1)) ? visibleText(prompt) : entry.title;
}
