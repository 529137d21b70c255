import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobLogResult } from '../../../../../src-shared/contract';
import { fakeJobsHost, jobSnapshot } from '../../../../test/fakeJobsHost';
import { fakeLayout } from '../../../../test/fakeLayout';
import { renderWithLoupe } from '../../../../test/renderWithLoupe';
import { resetUiState } from '../../../../test/resetUiState';
import { LogsTab } from './LogsTab';

beforeAll(() => fakeLayout.install({ width: 900, height: 540 }));
afterAll(() => fakeLayout.restore());
beforeEach(() => resetUiState('jobs'));

const JOB = jobSnapshot({ id: 'j1', status: 'succeeded' });

function renderLog(log: JobLogResult) {
  const host = fakeJobsHost({ jobs: [JOB], logs: { j1: log } });
  return renderWithLoupe(<LogsTab job={JOB} />, host.loupe);
}

const available = (text: string, truncated = false): JobLogResult => ({
  state: 'available',
  text,
  truncated,
  capturedAt: null,
  complete: true,
});

const HOSTILE = [
  '<b>bold</b> <img src=x onerror="alert(1)"> <script>alert("owned")</script>',
  '<a href="javascript:alert(1)">click me</a> javascript:alert(2)',
  '\u001b[31mred\u001b[0m \u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007 \u001b]0;title\u0007',
  'invoice\u202Efdp.exe \u2066isolated\u2069 zero\u200Bwidth',
  'nul\u0000byte del\u007f c1\u009b',
].join('\n');

describe('the logs tab', () => {
  it('renders hostile log text inert, as text, with hidden characters made visible', async () => {
    renderLog(available(HOSTILE));
    const log = await screen.findByTestId('job-log');
    // Nothing became markup: no elements beyond the rows' own spans, no links, no scripts, no images.
    expect(log.querySelector('script, a, img, b, iframe')).toBeNull();
    const text = log.textContent;
    expect(text).toContain('<script>alert("owned")</script>');
    expect(text).toContain('<a href="javascript:alert(1)">click me</a>');
    // Controls and invisible characters show as marks any font can draw (ESC, NUL, U+202E…).
    const marks = [...log.querySelectorAll('abbr')].map((mark) => mark.dataset.mark);
    expect(marks).toEqual(
      expect.arrayContaining(['ESC', 'BEL', 'NUL', 'DEL', 'U+202E', 'U+2066', 'U+2069', 'U+200B', 'U+009B']),
    );
    expect(text).toContain('ESC[31mredESC[0m');
    expect(text).toContain('ESC]8;;https://evil.exampleBELlink');
    expect(text).toContain('invoiceU+202Efdp.exe');
    expect(text).toContain('nulNULbyte delDEL c1U+009B');
    // None of the raw characters reached the DOM.
    // eslint-disable-next-line no-control-regex -- looking for them is the point
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b]/);
  });

  it('keeps a 5 MB line and 100,000 lines virtualized: only a window of rows is in the DOM', async () => {
    const huge = `${'A'.repeat(5 * 1024 * 1024)}\n${Array.from({ length: 100_000 }, (_, i) => `line ${i}`).join('\n')}`;
    const started = performance.now();
    renderLog(available(huge));
    const log = await screen.findByTestId('job-log', {}, { timeout: 5000 });
    const rows = log.querySelectorAll('[data-log-row]');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(120);
    // Rows never carry more than a pane's width of text, so no single node holds the 5 MB line.
    for (const row of rows) expect(row.textContent.length).toBeLessThan(4100);
    expect(performance.now() - started).toBeLessThan(8000);
  });

  it('says when the log was truncated', async () => {
    renderLog(available('last lines only', true));
    expect((await screen.findByTestId('log-truncated')).textContent).toMatch(/truncated/);
  });

  it('explains each kind of missing log in words', async () => {
    const cases: [JobLogResult, RegExp][] = [
      [{ state: 'none', reason: 'not-captured', message: '' }, /keeps no job logs/],
      [{ state: 'none', reason: 'not-yet', message: '' }, /writes the log when the job ends/],
      [{ state: 'none', reason: 'final', message: 'worker killed' }, /ended without one/],
      [{ state: 'none', reason: 'not-supported', message: '' }, /no log endpoint/],
    ];
    for (const [log, words] of cases) {
      const view = renderLog(log);
      const none = await screen.findByTestId('log-none');
      expect(none.textContent).toMatch(words);
      view.unmount();
    }
  });

  it('says "no logs here" as Loupe’s own knowledge, pointing only at tabs the job has', async () => {
    const message = 'This service does not keep job logs, so there is no log to show.';
    const plain = jobSnapshot({ id: 'j1', status: 'succeeded', outputsCount: 1 });
    const failed = jobSnapshot({
      id: 'j1',
      status: 'failed',
      error: { code: 'execution_error', message: 'boom', nodeId: null, classType: null, traceback: null },
    });
    for (const [job, points, not] of [
      [plain, /Outputs tab/, /Error tab/],
      [failed, /Error tab/, /Outputs tab/],
    ] as const) {
      const host = fakeJobsHost({
        jobs: [job],
        logs: { j1: { state: 'none', reason: 'not-captured', message } },
      });
      const view = renderWithLoupe(<LogsTab job={job} />, host.loupe);
      const none = await screen.findByTestId('log-none');
      // No request was made for it: nothing is put in the service's mouth.
      expect(none.textContent).not.toMatch(/service said/i);
      expect(none.textContent).toMatch(points);
      expect(none.textContent).not.toMatch(not);
      view.unmount();
    }
  });
});
