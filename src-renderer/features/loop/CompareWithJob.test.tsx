// "Compare with job…" on a job's page: another job named by its id is read through jobs.get and the two
// first pictures open in Compare; an empty field, this job's own id, a job the service does not know, and a
// job with no picture are each said beside the field, and Compare stays closed.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { JobOutput, JobSnapshot } from '../../../src-shared/contract';
import { fakeHost, type Answer } from '../../test/fakeHost';
import { jobSnapshot } from '../../test/fakeJobsHost';
import { renderWithLoupe } from '../../test/renderWithLoupe';
import { CompareWithJob } from './CompareWithJob';
import { useLoopUi } from './loopUiStore';

const picture = (assetId: string, name: string): JobOutput => ({
  assetId,
  nodeId: '9',
  name,
  type: 'image',
  contentType: 'image/png',
  sizeBytes: 10,
  hash: null,
});

const mine = jobSnapshot({ id: 'job-a', status: 'succeeded', outputs: [picture('asset-a', 'a.png')] });

function render(getJob: Answer) {
  const host = fakeHost({ 'jobs.get': getJob });
  renderWithLoupe(<CompareWithJob job={mine} profileId="local" />, host.loupe);
  fireEvent.click(screen.getByRole('button', { name: 'Compare with job…' }));
  return host;
}

function ask(jobId: string) {
  fireEvent.change(screen.getByLabelText('Job id to compare with'), { target: { value: jobId } });
  fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
}

const found =
  (job: JobSnapshot): Answer =>
  () => ({ ok: true, value: job });

beforeEach(() => act(() => useLoopUi.setState({ compare: null })));

describe('Compare with job…', () => {
  it('reads the named job and opens Compare on both jobs’ first pictures', async () => {
    const other = jobSnapshot({
      id: 'job-b',
      status: 'succeeded',
      outputs: [picture('asset-b', 'b.png'), picture('asset-c', 'c.png')],
    });
    const host = render(found(other));
    ask('  job-b ');
    await waitFor(() => expect(useLoopUi.getState().compare).not.toBeNull());
    expect(host.calls.find((call) => call.name === 'jobs.get')?.args).toEqual({
      profileId: 'local',
      jobId: 'job-b',
    });
    expect(useLoopUi.getState().compare?.picks).toEqual([
      { profileId: 'local', jobId: 'job-a', assetId: 'asset-a', label: 'a.png' },
      { profileId: 'local', jobId: 'job-b', assetId: 'asset-b', label: 'b.png' },
    ]);
  });

  it('says what main answered for a job the service does not know, and opens nothing', async () => {
    render(() => ({ ok: false, error: { code: 'not_found', message: 'The service has no job job-zz.' } }));
    ask('job-zz');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Loupe could not read job job-zz: The service has no job job-zz.',
    );
    expect(useLoopUi.getState().compare).toBeNull();
  });

  it('says when the other job has no picture, and refuses an empty field or this job’s own id', async () => {
    const host = render(found(jobSnapshot({ id: 'job-t', status: 'succeeded', outputs: [] })));
    ask('');
    expect(screen.getByRole('alert').textContent).toBe('Type or paste a job id.');
    ask('job-a');
    expect(screen.getByRole('alert').textContent).toBe('That is this job: name another one.');
    expect(host.calls.some((call) => call.name === 'jobs.get')).toBe(false);
    ask('job-t');
    expect((await screen.findByText('Job job-t has no picture to compare.')).getAttribute('role')).toBe(
      'alert',
    );
    expect(useLoopUi.getState().compare).toBeNull();
  });
});
