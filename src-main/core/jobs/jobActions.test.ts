// submit (write before send, UI format, unknown outcomes), cancel, retry and logs against the simulator.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  crashingWorkflow,
  failingWorkflow,
  textAndLatentWorkflow,
  textToImageWorkflow,
} from '../../simulator/jobs/sampleWorkflows';
import { isApiError } from '../api';
import { DomainError } from '../errors';
import type { BatchItemRow } from '../store';
import { delay, jobsFixture, until, type JobsFixture } from './testing/conformance/jobsHarness';

let fixture: JobsFixture | undefined;
afterEach(async () => {
  await fixture?.dispose();
  fixture = undefined;
});

const idempotencySchema = z.object({
  keys: z.array(
    z.object({
      key: z.string(),
      state: z.string(),
      jobsCreated: z.number(),
      jobIds: z.array(z.string()),
      reuseRejections: z.number(),
    }),
  ),
});

async function simKeys(f: JobsFixture) {
  const response = await fetch(`${f.sim.origin}/_sim/idempotency`);
  return idempotencySchema.parse(await response.json()).keys;
}

const longWorkflow = JSON.stringify(textToImageWorkflow({ steps: 400 }));

async function finished(f: JobsFixture, jobId: string): Promise<string> {
  return until(async () => {
    const snapshot = await f.jobs.service.get(jobId);
    return ['succeeded', 'failed', 'canceled', 'expired'].includes(snapshot.status) ? snapshot.status : null;
  });
}

describe('jobs.submit', () => {
  it('writes the intent and its Idempotency-Key to disk before the POST leaves', async () => {
    const seenAtSend: Array<{ key: string | null; items: BatchItemRow[] }> = [];
    const opened: { store?: JobsFixture['store'] } = {};
    fixture = await jobsFixture({
      sim: { surface: 'serverless', faults: { delayMs: 150 } },
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        const url = input instanceof Request ? input.url : input.toString();
        if (init?.method === 'POST' && url.endsWith('/api/v2/jobs') && opened.store !== undefined) {
          seenAtSend.push({
            key: headers.get('idempotency-key'),
            items: opened.store.batchItems.listResumable('p1').rows,
          });
        }
        return fetch(input, init);
      },
    });
    opened.store = fixture.store;
    const pending = fixture.jobs.service.submit({
      workflowJson: JSON.stringify(textAndLatentWorkflow()),
      fileName: 'a.json',
    });
    // While the slow answer is on its way, the store already says the request may have arrived (the item is
    // recorded pending first, and marked sent before the request leaves: seenAtSend below proves the order).
    const inFlight = await until(() => {
      const row = fixture!.store.batchItems.listResumable('p1').rows[0];
      return row?.state === 'sent' ? row : null;
    });
    expect(inFlight.state).toBe('sent');
    const snapshot = await pending;

    expect(seenAtSend).toHaveLength(1);
    const [atSend] = seenAtSend;
    expect(atSend?.items).toHaveLength(1);
    expect(atSend?.items[0]).toMatchObject({
      state: 'sent',
      idempotencyKey: atSend?.key,
      request: { workflow: textAndLatentWorkflow() },
    });
    const item = fixture.store.batchItems.get(atSend!.items[0]!.id);
    expect(item).toMatchObject({ state: 'created', jobId: snapshot.id });
    expect(fixture.store.jobs.get('p1', snapshot.id)).toMatchObject({
      submittedByUs: true,
      workflow: textAndLatentWorkflow(),
    });
    expect(snapshot).toMatchObject({ submittedByUs: true, retryOf: null, profileId: 'p1' });
    expect(await simKeys(fixture)).toEqual([
      expect.objectContaining({ key: atSend?.key, jobIds: [snapshot.id] }),
    ]);
  });

  it('explains an editor (UI-format) export, and records and sends nothing', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const error = await fixture.jobs.service
      .submit({ workflowJson: JSON.stringify({ nodes: [], links: [], version: 0.4 }), fileName: 'flow.json' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'workflow_format_ui' });
    expect((error as DomainError).message).toMatch(
      /"flow.json" is the editor's own save format.*export the workflow in API format/,
    );
    const notJson = await fixture.jobs.service.submit({ workflowJson: '{"1": ' }).catch((e: unknown) => e);
    expect(notJson).toMatchObject({ code: 'invalid_workflow_json' });
    expect(fixture.store.batchItems.listResumable('p1').rows).toHaveLength(0);
    expect(await fixture.requests(/\/api\/v2\/jobs$/)).toHaveLength(0);
  });

  it('a refusal is recorded as failed and reported as the service said it', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless', faults: { insufficientCredits: true } } });
    const error = await fixture.jobs.service
      .submit({ workflowJson: JSON.stringify(textAndLatentWorkflow()) })
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('insufficient_credits');
    expect(fixture.store.batches.list('p1').rows).toHaveLength(1);
    const [batch] = fixture.store.batches.list('p1').rows;
    expect(fixture.store.batchItems.listForBatch(batch!.id).rows[0]?.state).toBe('failed');
  });

  it("a caller's own key: a refused submission goes again under it (the service released it), a created one is not sent twice", async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless', faults: { insufficientCredits: true } } });
    const args = { workflowJson: JSON.stringify(textAndLatentWorkflow('own key')), idempotencyKey: 'run-7' };
    const refused = await fixture.jobs.service.submit(args).catch((e: unknown) => e);
    expect(isApiError(refused) && refused.code).toBe('insufficient_credits');
    fixture.sim.control.clearFaults();
    const created = await fixture.jobs.service.submit(args);
    const again = await fixture.jobs.service.submit(args);
    expect(again.id).toBe(created.id);
    const posts = await fixture.requests(/\/api\/v2\/jobs$/);
    expect(posts.filter((r) => r.method === 'POST')).toHaveLength(2);
    expect(fixture.store.batchItems.byKey('run-7')).toMatchObject({ state: 'created', jobId: created.id });
    const other = await fixture.jobs.service
      .submit({ ...args, workflowJson: JSON.stringify(textAndLatentWorkflow('another')) })
      .catch((e: unknown) => e);
    expect(other).toMatchObject({ code: 'idempotency_key_reuse' });
  });

  it('an unknown outcome finds the job it created, and never submits twice', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless', faults: { unknownOutcome: { count: 1 } } } });
    const workflow = textAndLatentWorkflow('found me');
    const snapshot = await fixture.jobs.service.submit({ workflowJson: JSON.stringify(workflow) });
    const posts = (await fixture.requests(/\/api\/v2\/jobs$/)).filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.status)).toEqual([500]);
    const keys = await simKeys(fixture);
    expect(keys).toEqual([
      expect.objectContaining({
        state: 'claimed',
        jobsCreated: 1,
        jobIds: [snapshot.id],
        reuseRejections: 0,
      }),
    ]);
    expect(fixture.store.jobs.get('p1', snapshot.id)).toMatchObject({ submittedByUs: true });
    const [batch] = fixture.store.batches.list('p1').rows;
    expect(fixture.store.batchItems.listForBatch(batch!.id).rows[0]).toMatchObject({
      state: 'created',
      jobId: snapshot.id,
    });
  });

  it('an unknown outcome it cannot settle is reported as maybe created, not resent', async () => {
    fixture = await jobsFixture({
      sim: { surface: 'self-hosted', legacySelfHosted: true, faults: { unknownOutcome: { count: 1 } } },
    });
    const error = await fixture.jobs.service
      .submit({ workflowJson: JSON.stringify(textAndLatentWorkflow()) })
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe('maybe-created');
    expect(error).toMatchObject({ code: 'outcome_unknown' });
    expect(isApiError(error) && typeof (error.details as { idempotencyKey?: unknown }).idempotencyKey).toBe(
      'string',
    );
    const posts = (await fixture.requests(/\/api\/v2\/jobs$/)).filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect((await simKeys(fixture))[0]).toMatchObject({ jobsCreated: 1, reuseRejections: 0 });
    expect(fixture.store.batchItems.listResumable('p1').rows[0]?.state).toBe('unknown');
  });
});

describe('jobs.cancel and jobs.retry', () => {
  it('cancel shows canceling until the interrupt lands', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const job = await fixture.jobs.service.submit({ workflowJson: longWorkflow });
    await until(async () => ((await fixture!.jobs.service.get(job.id)).status === 'running' ? true : null));
    const canceled = await fixture.jobs.service.cancel(job.id);
    expect(['canceling', 'canceled']).toContain(canceled.status);
    expect(await finished(fixture, job.id)).toBe('canceled');
  });

  it('retry re-submits the API workflow under a new key, linked to the original', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const original = await fixture.jobs.service.submit({
      workflowJson: JSON.stringify(failingWorkflow()),
      labels: { team: 'a' },
    });
    expect(await finished(fixture, original.id)).toBe('failed');
    const attempt = await fixture.jobs.service.retry(original.id);
    expect(attempt).toMatchObject({ retryOf: original.id, submittedByUs: true, labels: { team: 'a' } });
    expect(attempt.id).not.toBe(original.id);
    expect((await fixture.jobs.service.get(original.id)).retries).toEqual([attempt.id]);
    const keys = await simKeys(fixture);
    expect(new Set(keys.map((key) => key.key)).size).toBe(2);
    const rows = (await fixture.jobs.service.list({})).jobs;
    expect(rows.find((row) => row.id === attempt.id)?.retryOf).toBe(original.id);
    expect(rows.map((row) => row.id)).toEqual([attempt.id, original.id]);
  });
});

describe('jobs.logs', () => {
  it('serverless: not yet while running, the log once finished, final when the worker was killed', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const running = await fixture.jobs.service.submit({ workflowJson: longWorkflow });
    expect(await fixture.jobs.service.logs(running.id)).toMatchObject({ state: 'none', reason: 'not-yet' });
    await fixture.jobs.service.cancel(running.id);
    const quick = await fixture.jobs.service.submit({
      workflowJson: JSON.stringify(textAndLatentWorkflow()),
    });
    await finished(fixture, quick.id);
    expect(await fixture.jobs.service.logs(quick.id)).toMatchObject({
      state: 'available',
      truncated: false,
      complete: true,
    });
    const crash = await fixture.jobs.service.submit({ workflowJson: JSON.stringify(crashingWorkflow()) });
    expect(await finished(fixture, crash.id)).toBe('failed');
    const none = await fixture.jobs.service.logs(crash.id);
    expect(none).toMatchObject({ state: 'none', reason: 'final' });
    expect(none.state === 'none' && none.message).toMatch(/finished without a log/);
  });

  it('managed and self-hosted: no logs link, so not captured', async () => {
    fixture = await jobsFixture({ sim: { surface: 'managed' } });
    const job = await fixture.jobs.service.submit({ workflowJson: JSON.stringify(textAndLatentWorkflow()) });
    await delay(20);
    expect(await fixture.jobs.service.logs(job.id)).toMatchObject({ state: 'none', reason: 'not-captured' });
    expect(job.logsOffered).toBe(false);
  });
});
