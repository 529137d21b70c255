// The job's times are the service's, read against Loupe's clock: when the service's clock runs ahead, its own
// times prove it (a job cannot end after Loupe read it), and "Created 7 s ago" beside "Execution 11 s" is
// read on one clock instead.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jobSnapshot } from '../../../test/fakeJobsHost';
import { JobFacts } from './JobFacts';

const at = (ms: number) => new Date(ms).toISOString();

describe('the job’s facts', () => {
  it('reads the service’s times on one clock when its clock is ahead of Loupe’s', () => {
    const read = Date.now();
    // The service stamped the end 4 s after Loupe read the job: its clock is at least 4 s ahead.
    const job = jobSnapshot({
      id: 'j-1',
      status: 'succeeded',
      observedAt: at(read),
      createdAt: at(read - 7_000),
      startedAt: at(read - 7_000),
      completedAt: at(read + 4_000),
      metrics: { execution_ms: 11_000 },
    });
    render(<JobFacts job={job} />);
    const created = screen.getByText('Created').nextElementSibling;
    expect(created?.textContent).toBe('11 s ago');
    expect(screen.getByText('Ended').nextElementSibling?.textContent).toBe('just now');
  });
});
