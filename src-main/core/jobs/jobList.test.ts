// jobs.list against the simulator on each surface: the service's listing merged with the store.
import { afterEach, describe, expect, it } from 'vitest';
import type { JobListPage, JobSummary } from '../../../src-shared/contracts/jobs';
import { audioWorkflow, textAndLatentWorkflow } from '../../simulator/jobs/sampleWorkflows';
import { isApiError } from '../api';
import { encodeCursor, firstCursor } from './listCursor';
import { jobsFixture, type JobsFixture } from './testing/conformance/jobsHarness';

let fixture: JobsFixture | undefined;
afterEach(async () => {
  await fixture?.dispose();
  fixture = undefined;
});

async function submit(f: JobsFixture, labels?: Record<string, string>): Promise<string> {
  const snapshot = await f.jobs.service.submit({
    workflowJson: JSON.stringify(textAndLatentWorkflow()),
    ...(labels === undefined ? {} : { labels }),
  });
  return snapshot.id;
}

/** Walks every page with this page size; checks no job shows twice. */
async function allPages(
  f: JobsFixture,
  args: { limit: number; labels?: Record<string, string> },
): Promise<{
  pages: JobListPage[];
  rows: JobSummary[];
}> {
  const pages: JobListPage[] = [];
  let cursor: string | null = null;
  do {
    const page: JobListPage = await f.jobs.service.list({ ...args, cursor });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor !== null && pages.length < 20);
  const rows = pages.flatMap((page) => page.jobs);
  expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  return { pages, rows };
}

/** A job Loupe remembers that the service does not list (expired there, say). */
function rememberOnly(f: JobsFixture, id: string, createdAt: string): void {
  f.store.jobs.upsertSnapshot(
    f.profileId,
    { id, status: 'succeeded', created_at: createdAt, metadata: { team: 'a' } },
    {
      team: 'a',
    },
  );
}

describe('jobs.list on serverless (v2, cursors, labels)', () => {
  it('merges the v2 listing with remembered jobs, newest first, across pages', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await submit(fixture, { team: i % 2 === 0 ? 'a' : 'b' }));
    rememberOnly(fixture, 'old-local-job', '2000-01-01T00:00:00.000Z');
    const { pages, rows } = await allPages(fixture, { limit: 2 });
    expect(pages.every((page) => page.source === 'service' && page.notice === null)).toBe(true);
    expect(rows.map((row) => row.id)).toEqual([...ids.reverse(), 'old-local-job']);
    expect(rows.slice(0, 5).every((row) => row.submittedByUs)).toBe(true);
    const listCalls = await fixture.requests(/\/api\/v2\/jobs$/);
    expect(
      listCalls.filter((call) => call.method === 'GET').some((call) => call.query.includes('cursor=')),
    ).toBe(true);
  });

  it('sends label filters (validated first), and filters by status, time and text', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const a1 = await submit(fixture, { team: 'a', run: 'x1' });
    await submit(fixture, { team: 'b' });
    const a2 = await submit(fixture, { team: 'a' });
    rememberOnly(fixture, 'old-local-job', '2000-01-01T00:00:00.000Z');
    const labelled = await fixture.jobs.service.list({ labels: { team: 'a' } });
    expect(labelled.jobs.map((row) => row.id)).toEqual([a2, a1, 'old-local-job']);
    const sent = await fixture.requests(/\/api\/v2\/jobs$/);
    expect(sent.some((call) => call.query.includes('metadata[team]=a'))).toBe(true);

    expect((await fixture.jobs.service.list({ search: 'X1' })).jobs.map((row) => row.id)).toEqual([a1]);
    expect((await fixture.jobs.service.list({ createdAfter: '2020-01-01T00:00:00Z' })).jobs).toHaveLength(3);
    const old = await fixture.jobs.service.list({ createdBefore: '2001-01-01T00:00:00Z' });
    expect(old.jobs.map((row) => row.id)).toEqual(['old-local-job']);
    const done = await fixture.jobs.service.list({ statuses: ['succeeded'] });
    expect(done.jobs.every((row) => row.status === 'succeeded')).toBe(true);

    const refused = await fixture.jobs.service
      .list({ labels: { 'bad key': 'v' } })
      .catch((error: unknown) => error);
    expect(isApiError(refused) && refused.code).toBe('invalid_metadata_filter');
    // Refused here: no list request ever carried the bad filter (the watcher's own sweeps carry none).
    const filtered = (await fixture.requests(/\/api\/v2\/jobs$/)).filter((call) =>
      call.query.includes('bad'),
    );
    expect(filtered).toEqual([]);
  });

  it('refuses a cursor it did not make', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    await expect(fixture.jobs.service.list({ cursor: 'bm90LWEtY3Vyc29y' })).rejects.toMatchObject({
      code: 'invalid_cursor',
    });
  });
});

describe('jobs.list where v2 cannot list', () => {
  it('managed: 501 → the v1 list plus remembered jobs, said in words', async () => {
    fixture = await jobsFixture({ sim: { surface: 'managed' } });
    const ids = [await submit(fixture), await submit(fixture)];
    rememberOnly(fixture, 'old-local-job', '2000-01-01T00:00:00.000Z');
    const { pages, rows } = await allPages(fixture, { limit: 1 });
    expect(pages[0]?.source).toBe('v1');
    expect(pages[0]?.notice).toMatch(/older \(v1\) job list/);
    expect(rows.map((row) => row.id)).toEqual([...ids.reverse(), 'old-local-job']);
    const v2Lists = await fixture.requests(/\/api\/v2\/jobs$/);
    // Asked once, learned, never again.
    expect(v2Lists.filter((call) => call.method === 'GET').map((call) => call.status)).toEqual([501]);
    expect((await fixture.requests(/^\/api\/jobs$/)).length).toBeGreaterThan(0);

    const labelled = await fixture.jobs.service.list({ labels: { team: 'a' } });
    expect(labelled).toMatchObject({ source: 'local', jobs: [{ id: 'old-local-job' }] });
    expect(labelled.notice).toMatch(/cannot filter its job list by label/);
  });

  it('self-hosted lists through v2', async () => {
    fixture = await jobsFixture({ sim: { surface: 'self-hosted' } });
    const id = await submit(fixture);
    const page = await fixture.jobs.service.list({});
    expect(page).toMatchObject({ source: 'service', notice: null });
    expect(page.jobs.map((row) => row.id)).toEqual([id]);
  });

  it('an older self-hosted build (routing 404) → only remembered jobs, said in words', async () => {
    fixture = await jobsFixture({ sim: { surface: 'self-hosted', legacySelfHosted: true } });
    const id = await submit(fixture);
    rememberOnly(fixture, 'old-local-job', '2000-01-01T00:00:00.000Z');
    const { pages, rows } = await allPages(fixture, { limit: 1 });
    expect(pages[0]).toMatchObject({ source: 'local' });
    expect(pages[0]?.notice).toMatch(/cannot list jobs/);
    expect(rows.map((row) => row.id)).toEqual([id, 'old-local-job']);
  });

  it('an unreachable service → remembered jobs with a notice', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const id = await submit(fixture, { team: 'a' });
    await fixture.sim.close();
    const page = await fixture.jobs.service.list({});
    expect(page.source).toBe('local');
    expect(page.notice).toMatch(/could not reach the service/);
    expect(page.jobs.map((row) => row.id)).toEqual([id]);
    fixture.sim.close = () => Promise.resolve();
  });

  it('rememberedOnly answers from memory without a request to the service', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const newer = await submit(fixture, { team: 'a' });
    rememberOnly(fixture, 'old-local-job', '2000-01-01T00:00:00.000Z');
    const listed = (await fixture.jobs.service.list({})).jobs.map((row) => row.id);
    expect(listed).toContain(newer);
    fixture.sim.control.clearRequests();

    const page = await fixture.jobs.service.list({ rememberedOnly: true, limit: 1 });
    expect(page.source).toBe('local');
    expect(page.notice).toMatch(/remembers while it asks the service/);
    expect(page.jobs.map((row) => row.id)).toEqual([newer]);
    // Its cursor walks on through memory, still without the service.
    const next = await fixture.jobs.service.list({ cursor: page.nextCursor, limit: 5 });
    expect(next.jobs.map((row) => row.id)).toEqual(['old-local-job']);
    expect(next.nextCursor).toBeNull();
    // Filters apply as to any list.
    const none = await fixture.jobs.service.list({ rememberedOnly: true, statuses: ['failed'] });
    expect(none.jobs).toEqual([]);
    expect(fixture.sim.control.requests().filter((r) => r.path.includes('/jobs'))).toEqual([]);
  });
});

describe('jobs.list reads what Loupe remembers a page at a time', () => {
  it('a page of 20 among 2,000 remembered jobs reads about 20 rows; every page in turn gives them all', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const f = fixture;
    const times = Array.from({ length: 2_000 }, (_, i) => Date.UTC(2024, 0, 1) + i * 60_000);
    // Learned newest-created first, so the order Loupe saw them in is the reverse of the list's.
    for (const [i, at] of [...times.entries()].reverse()) {
      rememberOnly(f, `remembered-${String(i).padStart(4, '0')}`, new Date(at).toISOString());
    }
    let rowsRead = 0;
    const jobs = f.store.jobs;
    const newestByCreation = jobs.newestByCreation.bind(jobs);
    const list = jobs.list.bind(jobs);
    jobs.newestByCreation = (...args) => {
      const page = newestByCreation(...args);
      rowsRead += page.rows.length + page.corrupt.length;
      return page;
    };
    jobs.list = (...args) => {
      const read = list(...args);
      rowsRead += read.rows.length;
      return read;
    };

    const first = await f.jobs.service.list({ rememberedOnly: true, limit: 20 });
    expect(first.jobs.map((row) => row.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => `remembered-${String(1_999 - i).padStart(4, '0')}`),
    );
    // Its 20 and one more (to tell whether the list goes on); before, all 2,000 at each list.
    expect(rowsRead).toBeLessThanOrEqual(21);

    const { rows } = await allPagesFrom(f, first, 150);
    expect(rows.map((row) => row.id)).toEqual(
      Array.from({ length: 2_000 }, (_, i) => `remembered-${String(1_999 - i).padStart(4, '0')}`),
    );
  });
});

describe('a list position from a hostile caller', () => {
  it('any time a cursor of this profile can hold reads a well-formed page, only of jobs after it', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const f = fixture;
    rememberOnly(f, 'new', '2025-01-02T00:00:00.000Z');
    rememberOnly(f, 'old', '2025-01-01T00:00:00.000Z');
    const at = (createdMs: number, id: string): string =>
      encodeCursor({ ...firstCursor(f.profileId, 'local'), localAfter: [createdMs, id] });
    const listed = async (cursor: string): Promise<string[]> =>
      (await f.jobs.service.list({ cursor, limit: 5 })).jobs.map((row) => row.id);
    expect(await listed(at(Number.MAX_VALUE, ''))).toEqual(['new', 'old']);
    expect(await listed(at(Date.parse('2025-01-01T12:00:00.000Z') + 0.5, 'zzz'))).toEqual(['old']);
    expect(await listed(at(Date.parse('2025-01-02T00:00:00.000Z'), 'new'))).toEqual(['old']);
    expect(await listed(at(-Number.MAX_VALUE, ''))).toEqual([]);
    expect(await listed(at(0, '\u0000'.repeat(10_000)))).toEqual([]);
  });
});

/** The pages after `first`, `limit` at a time, with first's rows: no job twice. */
async function allPagesFrom(
  f: JobsFixture,
  first: JobListPage,
  limit: number,
): Promise<{ rows: JobSummary[] }> {
  const rows = [...first.jobs];
  for (let cursor = first.nextCursor, pages = 0; cursor !== null && pages < 100; pages++) {
    const page: JobListPage = await f.jobs.service.list({ cursor, limit });
    rows.push(...page.jobs);
    cursor = page.nextCursor;
  }
  expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  return { rows };
}

describe('workflow documents', () => {
  it('branches on format', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless', seed: true } });
    const id = await submit(fixture);
    expect(await fixture.jobs.service.workflow(id)).toEqual({
      format: 'api',
      workflow: textAndLatentWorkflow(),
    });
    const audio = await fixture.jobs.service.submit({ workflowJson: JSON.stringify(audioWorkflow()) });
    expect((await fixture.jobs.service.workflow(audio.id)).format).toBe('api');
    const seeded = (await fixture.jobs.service.list({ limit: 50 })).jobs.map((row) => row.id);
    const formats = await Promise.all(
      seeded.map(async (jobId) => (await fixture!.jobs.service.workflow(jobId)).format),
    );
    expect(formats).toContain('save');
  });
});
