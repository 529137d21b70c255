// The jobs screen's keys: j/k move the cursor, Enter opens, Esc closes the detail (then clears the
// selection), Space selects, / searches, c cancels, r retries. Never while the user types in a field.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { JobSnapshot, JobSummary } from '../../../src-preload/contract';
import { useActiveProfileId } from '../../hooks/useActiveProfileId';
import { jobKeys } from '../../queries/jobKeys';
import { canCancel, canRetry } from './actions/jobCommandRules';
import type { JobCommands } from './actions/useJobCommands';
import { useJobsUi } from './jobsUiStore';
import { SEARCH_INPUT_ID } from './list/SearchBox';
import { toggleOne } from './list/selection';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function isControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && ['BUTTON', 'A', 'SUMMARY'].includes(target.tagName);
}

export function useJobShortcuts(rows: readonly JobSummary[], commands: JobCommands): void {
  const client = useQueryClient();
  const profileId = useActiveProfileId();
  // The listener is added once; it reads the latest rows and commands from here.
  const latest = useRef({ rows, commands, profileId });
  useEffect(() => {
    latest.current = { rows, commands, profileId };
  }, [rows, commands, profileId]);

  useEffect(() => {
    const statusOf = (jobId: string): string | undefined => {
      const { rows: current, profileId: profile } = latest.current;
      const row = current.find((r) => r.id === jobId);
      if (row) return row.status;
      return profile === null
        ? undefined
        : client.getQueryData<JobSnapshot>(jobKeys.job(profile, jobId))?.status;
    };
    /** A multi-selection, else the open job, else the cursor row. */
    const targets = (): string[] => {
      const ui = useJobsUi.getState();
      if (ui.selected.size > 1) return [...ui.selected];
      const one = ui.openJobId ?? ui.cursorId;
      return one === null ? [] : [one];
    };
    const move = (step: number) => {
      const ui = useJobsUi.getState();
      const ids = latest.current.rows.map((row) => row.id);
      if (ids.length === 0) return;
      const at = ui.cursorId === null ? -1 : ids.indexOf(ui.cursorId);
      const next =
        at === -1 ? (step > 0 ? 0 : ids.length - 1) : Math.min(ids.length - 1, Math.max(0, at + step));
      ui.setCursor(ids[next] ?? null);
    };

    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      const ui = useJobsUi.getState();
      const { commands: actions } = latest.current;
      let handled = true;
      switch (event.key) {
        case 'j':
          move(1);
          break;
        case 'k':
          move(-1);
          break;
        case 'Enter':
          if (isControl(event.target) || ui.cursorId === null) handled = false;
          else ui.openJob(ui.cursorId);
          break;
        case 'Escape':
          if (ui.openJobId !== null) ui.openJob(null);
          else if (ui.selected.size > 0) ui.setSelection(new Set(), null);
          else handled = false;
          break;
        case '/':
          document.getElementById(SEARCH_INPUT_ID)?.focus();
          break;
        case ' ':
          if (isControl(event.target) || ui.cursorId === null) handled = false;
          else {
            const next = toggleOne(ui, ui.cursorId);
            ui.setSelection(next.selected, next.anchorId);
          }
          break;
        case 'c':
          actions.cancel(targets().filter((id) => canCancel(statusOf(id) ?? '')));
          break;
        case 'r':
          actions.retry(targets().filter((id) => canRetry(statusOf(id) ?? '')));
          break;
        default:
          handled = false;
      }
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [client]);
}
