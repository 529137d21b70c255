// An item's state in the batch's list: a job the service no longer knows is named so, as in the job list.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BatchItem } from '../../../../src-shared/contract';
import { jobSummary } from '../../../test/fakeJobsHost';
import { ItemState } from './ItemState';

const item = (job: BatchItem['job']): BatchItem => ({
  id: 'i1',
  values: [],
  position: 0,
  submission: 'created',
  submitError: null,
  attempts: 1,
  jobId: job?.id ?? null,
  job,
});

describe('an item’s state', () => {
  it('says an item whose job the service forgot is gone, and why on hover', () => {
    const goneAt = '2026-11-30T03:00:00.000Z';
    render(
      <ItemState item={item(jobSummary({ id: 'j1', status: 'unknown', rawStatus: 'running', goneAt }))} />,
    );
    const status = screen.getByTestId('job-status');
    expect(status.textContent).toBe('Gone');
    expect(status.dataset.gone).toBe('true');
    expect(status.title).toContain('no longer knows this job (last seen running)');
  });

  it('an unknown status the service sent stays Unknown, with its word on hover', () => {
    render(<ItemState item={item(jobSummary({ id: 'j2', status: 'unknown', rawStatus: 'warming' }))} />);
    const status = screen.getByTestId('job-status');
    expect(status.textContent).toBe('Unknown');
    expect(status.title).toBe('Service status: warming');
  });
});
