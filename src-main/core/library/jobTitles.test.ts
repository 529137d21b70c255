// Rows named by what their jobs made, and told whether the library holds the job's outputs: the row's
// thumbnail is asked for again once it does (the route answers 404 until then).
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { JobSummary } from '../../../src-shared/contracts/jobs';
import { LocalHistory } from '../jobSources/localHistory';
import type { LoupeStore } from '../store';
import type { TempDir } from '../store/testing/tempDir';
import { openTempStore, testProfile } from '../store/testing/tempStore';
import { withTitles } from './jobTitles';
import { addJob } from './testing/libraryFixture';

let dir: TempDir;
let store: LoupeStore;

beforeEach(() => {
  ({ dir, store } = openTempStore({ profile: testProfile }));
});
afterEach(() => {
  store.close();
  dir.remove();
});

function rowsOf(ids: string[]): JobSummary[] {
  const rows = new LocalHistory(store.jobs, 'p', store.batchItems).summariesOf(ids);
  return ids.flatMap((id) => rows.get(id) ?? []);
}

it('says which rows’ jobs the library holds: a job Loupe sent that has not finished is titled, not held', () => {
  addJob(store, 'p', { jobId: 'held', prompt: 'isometric city block at night' });
  store.jobs.recordSubmitted('p', {
    jobId: 'sent',
    status: 'running',
    workflow: { '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a fox in the snow' } } },
  });
  const rows = withTitles(store, 'p', rowsOf(['held', 'sent']));
  expect(rows.map((row) => [row.id, row.title, row.inLibrary])).toEqual([
    ['held', 'isometric city block at night', true],
    // Named from the workflow it was sent with; its outputs are not in the library yet.
    ['sent', 'a fox in the snow', false],
  ]);
});
