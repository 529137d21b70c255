// The live preview beside a running job's progress: a picture while its bytes decode; a quiet placeholder in
// its place (no broken-image icon, no alt text spilling out) when they do not, until the next preview comes.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jobSnapshot } from '../../../test/fakeJobsHost';
import { JobProgressPanel } from './JobProgressPanel';

const running = jobSnapshot({ id: 'j-1', status: 'running' });

describe('the live preview', () => {
  it('shows a placeholder when the bytes do not decode, and the next preview again', () => {
    const broken = { jobId: 'j-1', nodeId: '9', src: 'data:image/png;base64,bm90IGEgcG5n' };
    const { rerender } = render(<JobProgressPanel job={running} preview={broken} />);
    const image = screen.getByRole('img', { name: 'Latest preview from node 9' });
    fireEvent.error(image);

    expect(document.querySelector('img')).toBeNull();
    const placeholder = screen.getByTestId('preview-placeholder');
    expect(placeholder.textContent).toBe('No preview');
    expect(placeholder.getAttribute('title')).toContain('could not be shown');

    const next = { jobId: 'j-1', nodeId: '9', src: 'data:image/png;base64,iVBORw0KGgo=' };
    rerender(<JobProgressPanel job={running} preview={next} />);
    expect(screen.getByRole('img', { name: 'Latest preview from node 9' }).getAttribute('src')).toBe(
      next.src,
    );
    expect(screen.queryByTestId('preview-placeholder')).toBeNull();
  });
});
