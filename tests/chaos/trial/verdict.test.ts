// The verdict's definitions on hand-made ledgers and records: a job Loupe does not know is lost, a second
// job made while the first was alive is doubled, a retry after a failed job is neither, an item Loupe calls
// refused while its job exists is lost, a job Loupe names that the service never made is lost.
import { describe, expect, it } from 'vitest';
import type { LoupeRecord, RecordedItem } from '../driver/protocol';
import { ServiceLedger } from '../hostile/ledger';
import { judge } from './verdict';

const hash = `blake3:${'ab'.repeat(32)}`;

function ledgerWith(failRate: number): ServiceLedger {
  const ledger = new ServiceLedger(7, {
    queuedMs: [0, 1],
    runMs: [0, 1],
    failRate,
    longRun: { identities: new Set(), ms: 0 },
  });
  ledger.addBlob(hash, 3, 'image/png');
  ledger.createAsset({
    hash,
    size: 3,
    contentType: 'image/png',
    filePath: 'a.png',
    route: 'seeded',
    key: null,
    createdNew: true,
  });
  return ledger;
}

function workflow(ledger: ServiceLedger, seed: number): Record<string, unknown> {
  const assetId = [...ledger.assets.keys()][0] ?? '';
  return {
    '3': { class_type: 'KSampler', inputs: { seed } },
    '10': { class_type: 'LoadImage', inputs: { image: { __type: 'core/ASSET', info: { id: assetId } } } },
  };
}

function make(ledger: ServiceLedger, seed: number, key: string) {
  return ledger.createJob({
    identity: `abababab:${seed}`,
    key,
    workflow: workflow(ledger, seed),
    metadata: {},
    manyOutputs: false,
  });
}

function item(ledger: ServiceLedger, seed: number, fields: Partial<RecordedItem>): RecordedItem {
  return {
    id: `i${seed}`,
    position: seed,
    state: 'created',
    jobId: null,
    idempotencyKey: `k${seed}`,
    lastError: null,
    retryOfJob: null,
    workflow: workflow(ledger, seed),
    ...fields,
  };
}

function record(items: RecordedItem[], jobs: string[], gone: ReadonlySet<string> = new Set()): LoupeRecord {
  const recorded = jobs.map((id) => ({
    id,
    status: 'succeeded',
    goneAt: gone.has(id) ? '2026-11-30T12:00:00.000Z' : null,
  }));
  return { batchId: 'b', items, jobs: recorded, toldGone: [], uploads: [] };
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the verdict', () => {
  it('finds nothing when every job is Loupe’s and each item has one', () => {
    const ledger = ledgerWith(0);
    const job = make(ledger, 1, 'k1');
    const verdict = judge(ledger, [], record([item(ledger, 1, { jobId: job.id })], [job.id]), []);
    expect(verdict).toEqual({ lost: [], doubled: [], undetermined: [] });
  });

  it('calls a job made while the first was alive doubled, and the first, unknown to Loupe, lost', () => {
    const ledger = ledgerWith(0);
    const first = make(ledger, 1, 'k1');
    const second = make(ledger, 1, 'k1b');
    const verdict = judge(ledger, [], record([item(ledger, 1, { jobId: second.id })], [second.id]), []);
    expect(verdict.doubled.map((f) => f.subject)).toEqual(['abababab:1']);
    expect(verdict.lost).toHaveLength(1);
    expect(verdict.lost[0]?.reason).toContain(first.id.slice(-6));
  });

  it('takes a retry after a job that failed for a new attempt, not a double', async () => {
    const ledger = ledgerWith(1);
    const first = make(ledger, 1, 'k1');
    await pause();
    const second = make(ledger, 1, 'k1b');
    const verdict = judge(
      ledger,
      [],
      record([item(ledger, 1, { jobId: second.id })], [first.id, second.id]),
      [],
    );
    expect(verdict.doubled).toEqual([]);
    expect(verdict.lost).toEqual([]);
  });

  it('calls an item refused while its job exists lost, and so a job Loupe names that was never made', () => {
    const ledger = ledgerWith(0);
    const job = make(ledger, 1, 'k1');
    const refused = judge(
      ledger,
      [],
      record([item(ledger, 1, { state: 'failed', lastError: 'cut' })], [job.id]),
      [],
    );
    expect(refused.lost.map((f) => f.reason)).toEqual([expect.stringContaining('refused while its job')]);
    const phantom = judge(ledger, [], record([item(ledger, 2, { jobId: 'never-made' })], [job.id]), []);
    expect(phantom.lost.map((f) => f.reason)).toEqual([expect.stringContaining('never made')]);
  });

  it('calls a job Loupe notes gone from the service, which still has it, lost', () => {
    const ledger = ledgerWith(0);
    const job = make(ledger, 1, 'k1');
    const verdict = judge(
      ledger,
      [],
      record([item(ledger, 1, { jobId: job.id })], [job.id], new Set([job.id])),
      [],
    );
    expect(verdict.lost.map((f) => f.reason)).toEqual([expect.stringContaining('gone from the service')]);
  });

  it('calls a job told gone to a window at some moment lost, though a later list cleared the record', () => {
    const ledger = ledgerWith(0);
    const job = make(ledger, 1, 'k1');
    const told = {
      ...record([item(ledger, 1, { jobId: job.id })], [job.id]),
      toldGone: [job.id, 'never-made'],
    };
    expect(judge(ledger, [], told, []).lost.map((f) => f.reason)).toEqual([
      expect.stringContaining(`called job ${job.id.slice(-6)} gone`),
    ]);
  });

  it('notes an item left unknown with no job, without calling it lost', () => {
    const ledger = ledgerWith(0);
    const verdict = judge(ledger, [], record([item(ledger, 3, { state: 'unknown' })], []), []);
    expect(verdict.lost).toEqual([]);
    expect(verdict.undetermined).toEqual(['abababab:3 (unknown)']);
  });
});
