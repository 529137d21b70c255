// A job the service said it no longer knows (its 404 before any deadline Loupe knew had passed): what the
// badge calls it, and the sentence that says why it may be so and what to do. One wording for the row's hover
// and the detail's note.
import { exactTime, parseTime } from '../../../src-shared/format';
import { visibleText } from '../../lib/visibleText';

/** Short, for a list row's narrow status column; the hover and the detail's note say the rest. */
export const GONE_LABEL = 'Gone';

/** "The service answered on … that it no longer knows this job (last seen running). …" */
export function goneWords(goneAt: string, rawStatus: string | undefined): string {
  const ms = parseTime(goneAt);
  const when = ms === null ? '' : ` on ${exactTime(ms)}`;
  const last = rawStatus ? ` (last seen ${visibleText(rawStatus)})` : '';
  return (
    `The service answered${when} that it no longer knows this job${last}, so how it ended cannot be known. ` +
    'It may have restarted and lost its queue, or the key may now belong to another account. ' +
    'Retry runs its workflow again.'
  );
}
