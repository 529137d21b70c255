// Which job ends make a desktop notice: a job this user sent, seen running (or sent in this session), once;
// never a job of a batch of several items, whose end the batch's own notice tells.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDesktopNotifier, webNotifier, type DesktopNotice } from '../lib/desktopNotifier';
import { jobSummary } from '../test/fakeJobsHost';
import { createFinishNotices } from './jobFinishNotices';

let shown: DesktopNotice[] = [];
beforeEach(() => {
  shown = [];
  setDesktopNotifier({
    permission: () => 'granted',
    requestPermission: () => Promise.resolve('granted'),
    notify: (notice) => shown.push(notice),
  });
});
afterEach(() => setDesktopNotifier(webNotifier));

describe('job finish notices', () => {
  it('tell of a lone job seen running once, and of none from a batch of several', () => {
    const notices = createFinishNotices(() => undefined);
    const lone = { id: 'lone', submittedByUs: true };
    const items = Array.from({ length: 50 }, (_, index) => ({
      id: `item-${index}`,
      submittedByUs: true,
      batchId: 'sweep',
    }));
    notices.observe([lone, ...items].map((row) => jobSummary({ ...row, status: 'running' })));
    const sent = notices.observe([lone, ...items].map((row) => jobSummary({ ...row, status: 'succeeded' })));
    expect(sent).toEqual(['lone']);
    expect(shown.map((notice) => notice.title)).toEqual(['Job finished']);
    // Seen again: no second notice.
    expect(notices.observe([jobSummary({ ...lone, status: 'succeeded' })])).toEqual([]);
  });

  it('a batch item sent in this session is still no notice of its own', () => {
    const notices = createFinishNotices(() => undefined);
    notices.expect('item');
    notices.expect('single');
    const sent = notices.observe([
      jobSummary({ id: 'item', submittedByUs: true, batchId: 'sweep', status: 'failed' }),
      jobSummary({ id: 'single', submittedByUs: true, status: 'failed', errorMessage: 'out of memory' }),
    ]);
    expect(sent).toEqual(['single']);
    expect(shown[0]).toMatchObject({ title: 'Job failed', body: 'single out of memory' });
  });
});
