import { useEffect } from 'react';
import { PaneSplitter } from '../../components/jobs/PaneSplitter';
import { useActiveProfileId } from '../../hooks/useActiveProfileId';
import { SubmitDropZone } from './actions/SubmitDropZone';
import { useJobCommands } from './actions/useJobCommands';
import { useSubmitWorkflow } from './actions/useSubmitWorkflow';
import { JobDetail } from './detail/JobDetail';
import { LIST_WIDTH, useJobsLayout } from './jobsLayoutStore';
import { useJobsUi } from './jobsUiStore';
import { JobListPane } from './list/JobListPane';
import { useJobList } from './list/useJobList';
import { useJobShortcuts } from './useJobShortcuts';

/** Detail pane with nothing open: what goes here and how to get it there. */
function NoJobOpen() {
  return (
    <div className="flex h-full items-center justify-center p-8 text-center" data-testid="no-job-open">
      <div className="max-w-xs text-xs leading-relaxed text-muted">
        <p className="mb-2 text-sm font-medium text-fg">No job open</p>
        <p>Pick a job to see its progress, outputs, logs and workflow.</p>
        <p className="mt-3 text-faint">
          <kbd className="font-mono">j</kbd>/<kbd className="font-mono">k</kbd> move ·{' '}
          <kbd className="font-mono">Enter</kbd> opens · <kbd className="font-mono">/</kbd> searches ·{' '}
          <kbd className="font-mono">c</kbd> cancels · <kbd className="font-mono">r</kbd> retries
        </p>
      </div>
    </div>
  );
}

/** The jobs screen: the list and the open job side by side, the divider between them remembered. */
export function JobsView() {
  const profileId = useActiveProfileId();
  const enterProfile = useJobsUi((state) => state.enterProfile);
  const openJobId = useJobsUi((state) => state.openJobId);
  const openJob = useJobsUi((state) => state.openJob);
  const listWidth = useJobsLayout((state) => state.listWidth);
  const setListWidth = useJobsLayout((state) => state.setListWidth);
  const list = useJobList();
  const submitter = useSubmitWorkflow();
  const commands = useJobCommands();
  useJobShortcuts(list.rows, commands);

  useEffect(() => enterProfile(profileId), [profileId, enterProfile]);

  return (
    <div className="flex h-full min-w-0">
      <SubmitDropZone onFile={submitter.submit} />
      <div className="h-full min-w-80 shrink-0" style={{ width: listWidth, maxWidth: 'calc(100% - 22rem)' }}>
        <JobListPane list={list} submitter={submitter} commands={commands} />
      </div>
      <PaneSplitter
        label="Resize the job list"
        width={listWidth}
        min={LIST_WIDTH.min}
        max={LIST_WIDTH.max}
        onResize={setListWidth}
        onReset={() => setListWidth(LIST_WIDTH.initial)}
      />
      <div className="h-full min-w-0 flex-1 bg-panel">
        {openJobId === null ? (
          <NoJobOpen />
        ) : (
          <JobDetail key={openJobId} jobId={openJobId} commands={commands} onClose={() => openJob(null)} />
        )}
      </div>
    </div>
  );
}
