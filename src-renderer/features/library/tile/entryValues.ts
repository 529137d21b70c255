import type { LibraryEntry } from '../../../../src-shared/contract';
import { valuesBesideTitle } from '../../../../src-shared/itemValuesText';
import { visibleText } from '../../../lib/visibleText';

/**
 * The values of the batch item that made the entry (`seed 4, cfg 10`), which is what tells the pictures of one
 * sweep apart (they share their prompt, so their titles read the same); null when it is no batch item or its
 * title says them already (a batch's name and values where no prompt was found).
 */
export function entryValues(entry: Pick<LibraryEntry, 'batch' | 'title'>): string | null {
  if (entry.batch === null) return null;
  const text = valuesBesideTitle(entry.title, entry.batch.values);
  return text === null ? null : visibleText(text);
}
