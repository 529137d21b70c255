import type { JobSnapshot } from '../../../../src-shared/contract';
import { Tabs, type TabSpec } from '../../../components/Tabs';
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
  const tabs = DETAIL_TABS.filter((tab) => tab !== 'error' || job.error !== null).map(
    (name): TabSpec<DetailTab> => ({
      name,
      label: LABELS[name],
      ...(name === 'outputs' ? { count: job.outputsCount } : {}),
      ...(name === 'error' ? { className: 'text-state-failed' } : {}),
    }),
  );
  const tab = tabs.some((t) => t.name === chosen) ? chosen : 'outputs';
  return (
    <Tabs label="Job detail" tabs={tabs} current={tab} onChoose={setTab}>
      {tab === 'outputs' ? <OutputsTab job={job} /> : null}
      {tab === 'logs' ? <LogsTab job={job} /> : null}
      {tab === 'workflow' ? <WorkflowTab jobId={job.id} /> : null}
      {tab === 'error' && job.error ? <ErrorTab error={job.error} profileId={job.profileId} /> : null}
    </Tabs>
  );
}
