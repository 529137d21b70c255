import { act } from '@testing-library/react';
import { JobsView } from '../features/jobs/JobsView';
import { useJobsUi } from '../features/jobs/jobsUiStore';
import { useJobUpdates } from '../hooks/useJobUpdates';
import type { FakeJobsHost } from './fakeJobsHost';
import { listboxRow, listboxRowIds, listboxRows } from './listboxRows';
import { renderWithLoupe } from './renderWithLoupe';

/** App mounts the updates stream once for every screen; here it sits beside the view. */
function JobsViewWithUpdates() {
  useJobUpdates();
  return <JobsView />;
}

/** The jobs screen over a fake host (with the app-wide jobs.updates subscription), its UI state reset. */
export function renderJobsView(host: FakeJobsHost) {
  act(() => {
    useJobsUi.setState(useJobsUi.getInitialState());
  });
  return renderWithLoupe(<JobsViewWithUpdates />, host.loupe);
}

/** The rows in the list, as their job ids, in order. */
export function listedIds(): string[] {
  return listboxRowIds('Jobs', 'jobId');
}

/** The row elements of the job list (not the <option>s of its filter menus). */
export function listedRows(): HTMLElement[] {
  return listboxRows('Jobs');
}

/** One row of the job list by its job id. */
export function listedRow(jobId: string): HTMLElement {
  return listboxRow('Jobs', 'jobId', jobId);
}
