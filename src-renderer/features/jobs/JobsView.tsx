import { useEffect } from 'react';
import { ListBesideDetail, type PaneLayout } from '../../components/jobs/ListBesideDetail';
import { NothingOpen } from '../../components/jobs/NothingOpen';
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

const JOB_PANES: PaneLayout = {
  label: 'Resize the job list',
  limits: LIST_WIDTH,
  listMinWidth: 'min-w-80',
  detailRoom: '22rem',
};

function NoJobOpen() {
  return (
    <NothingOpen
      testId="no-job-open"
      title="No job open"
      hint={
        <>
          <kbd className="font-mono">j</kbd>/<kbd className="font-mono">k</kbd> move ·{' '}
          <kbd className="font-mono">Enter</kbd> opens · <kbd className="font-mono">/</kbd> searches ·{' '}
          <kbd className="font-mono">c</kbd> cancels · <kbd className="font-mono">r</kbd> retries
        </>
      }
    >
      Pick a job to see its progress, outputs, logs and workflow.
    </NothingOpen>
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
  const submitter = useSubmitWorkflow(profileId);
  const commands = useJobCommands(profileId);
  useJobShortcuts(list.rows, commands);

  useEffect(() => enterProfile(profileId), [profileId, enterProfile]);

  return (
    <div className="flex h-full min-w-0">
      <SubmitDropZone onFile={submitter.submit} />
      <ListBesideDetail
        layout={JOB_PANES}
        width={listWidth}
        onResize={setListWidth}
        list={<JobListPane list={list} submitter={submitter} commands={commands} />}
      >
        {openJobId === null ? (
          <NoJobOpen />
        ) : (
          <JobDetail key={openJobId} jobId={openJobId} commands={commands} onClose={() => openJob(null)} />
        )}
      </ListBesideDetail>
    </div>
  );
}
