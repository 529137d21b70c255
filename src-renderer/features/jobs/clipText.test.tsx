import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clipText, ERROR_TEXT_CHARS } from './clipText';
import { ErrorTab } from './detail/ErrorTab';

describe('clipText', () => {
  it('leaves short text alone and cuts long text with an ellipsis, never inside a surrogate pair', () => {
    expect(clipText('short', 10)).toBe('short');
    expect(clipText('abcdef', 3)).toBe('abc…');
    expect(clipText('ab😀cd', 3)).toBe('ab…');
  });

  it('gives the Error tab a bounded piece of a 5 MB message and traceback, and says so', () => {
    const huge = `\u202E${'x'.repeat(5 * 1024 * 1024)}`;
    const started = performance.now();
    render(
      <ErrorTab
        profileId="p1"
        error={{
          code: 'node_execution_error',
          message: huge,
          nodeId: '2',
          classType: 'FailNode',
          traceback: `Traceback (most recent call last):\n${huge}`,
        }}
      />,
    );
    const tab = screen.getByTestId('job-error');
    expect(tab.textContent.length).toBeLessThan(3 * ERROR_TEXT_CHARS);
    expect(screen.getAllByRole('note').map((note) => note.textContent)).toEqual([
      expect.stringMatching(/Showing the first 100,000 of 5,242,881 characters of the message\.$/),
      expect.stringMatching(/of the traceback\. Copy takes all of it\.$/),
    ]);
    expect(tab.querySelector('abbr[data-mark="U+202E"]')).not.toBeNull();
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
