import { useId, type KeyboardEvent } from 'react';
import type { JobSnapshot } from '../../../../src-shared/contract';
import { DETAIL_TABS, useJobsUi, type DetailTab } from '../jobsUiStore';
import { ErrorTab } from './ErrorTab';
import { LogsTab } from './logs/LogsTab';
import { OutputsTab } from './outputs/OutputsTab';
import { WorkflowTab } from './workflow/WorkflowTab';

const LABELS: Record<DetailTab, string> = {
  outputs: 'Outputs',
  logs: 'Logs',
  workflow: 'Workflow',
  error: 'Error',
};

/** Outputs, Logs, Workflow and (when there is one) Error. Arrow keys move between tabs. */
export function DetailTabs({ job }: { job: JobSnapshot }) {
  const chosen = useJobsUi((state) => state.tab);
  const setTab = useJobsUi((state) => state.setTab);
  const baseId = useId();
  const tabs = DETAIL_TABS.filter((tab) => tab !== 'error' || job.error !== null);
  const tab = tabs.includes(chosen) ? chosen : 'outputs';

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length] ?? 'outputs';
    setTab(next);
    document.getElementById(`${baseId}-${next}`)?.focus();
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        role="tablist"
        aria-label="Job detail"
        className="flex shrink-0 gap-1 border-b border-line px-3"
        onKeyDown={onKeyDown}
      >
        {tabs.map((name) => {
          const current = name === tab;
          return (
            <button
              key={name}
              id={`${baseId}-${name}`}
              type="button"
              role="tab"
              aria-selected={current}
              aria-controls={`${baseId}-panel`}
              tabIndex={current ? 0 : -1}
              onClick={() => setTab(name)}
              className={`-mb-px border-b-2 px-2.5 py-2 text-xs ${
                current ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg'
              } ${name === 'error' ? 'text-state-failed' : ''}`}
            >
              {LABELS[name]}
              {name === 'outputs' && job.outputs.length > 0 ? (
                <span className="ml-1 text-faint tabular-nums">{job.outputs.length}</span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-${tab}`}
        className="flex min-h-0 flex-1 flex-col"
      >
        {tab === 'outputs' ? <OutputsTab job={job} /> : null}
        {tab === 'logs' ? <LogsTab job={job} /> : null}
        {tab === 'workflow' ? <WorkflowTab jobId={job.id} /> : null}
        {tab === 'error' && job.error ? <ErrorTab error={job.error} /> : null}
      </div>
    </div>
  );
}
