// The jobs screen's keys: j/k move the cursor, Enter opens, Esc closes the detail (then clears the
// selection), Space selects, / searches, c cancels, r retries. Never while the user types in a field.
import { useQueryClient } from '@tanstack/react-query';
import type { JobSnapshot, JobSummary } from '../../../src-shared/contract';
import { useActiveProfileId } from '../../hooks/useActiveProfileId';
import { useShortcutKeys } from '../../hooks/useShortcutKeys';
import { isControl } from '../../lib/keyTargets';
import { listCursorKey } from '../../lib/listCursor';
import { jobKeys } from '../../queries/jobKeys';
import { canCancel, canRetry, type CommandTarget } from './actions/jobCommandRules';
import type { JobCommands } from './actions/useJobCommands';
import { useJobsUi } from './jobsUiStore';
import { SEARCH_INPUT_ID } from './list/SearchBox';
import { toggleOne } from './list/selection';

export function useJobShortcuts(rows: readonly JobSummary[], commands: JobCommands): void {
  const client = useQueryClient();
  const profileId = useActiveProfileId();

  const jobOf = (jobId: string): CommandTarget => {
    const row = rows.find((r) => r.id === jobId);
    if (row) return row;
    const open =
      profileId === null ? undefined : client.getQueryData<JobSnapshot>(jobKeys.job(profileId, jobId));
    return open ?? { status: '' };
  };
  /** A multi-selection, else the open job, else the cursor row. */
  const targets = (): string[] => {
    const ui = useJobsUi.getState();
    if (ui.selected.size > 1) return [...ui.selected];
    const one = ui.openJobId ?? ui.cursorId;
    return one === null ? [] : [one];
  };

  useShortcutKeys((event) => {
    const ui = useJobsUi.getState();
    const cursor = {
      rows,
      cursorId: ui.cursorId,
      openId: ui.openJobId,
      setCursor: ui.setCursor,
      open: ui.openJob,
    };
    if (listCursorKey(event, cursor)) return true;
    switch (event.key) {
      case 'Escape':
        // listCursorKey closed the open job first; with none open, Esc clears the selection.
        if (ui.selected.size === 0) return false;
        ui.setSelection(new Set(), null);
        return true;
      case '/':
        document.getElementById(SEARCH_INPUT_ID)?.focus();
        return true;
      case ' ': {
        if (isControl(event.target) || ui.cursorId === null) return false;
        const next = toggleOne(ui, ui.cursorId);
        ui.setSelection(next.selected, next.anchorId);
        return true;
      }
      case 'c':
        commands.cancel(targets().filter((id) => canCancel(jobOf(id))));
        return true;
      case 'r':
        commands.retry(targets().filter((id) => canRetry(jobOf(id))));
        return true;
      default:
        return false;
    }
  });
}
