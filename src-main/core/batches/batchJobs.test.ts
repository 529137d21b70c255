// A batch's gallery and export list every output of its jobs: from the job's stored snapshot, or, for a job of
// thousands whose snapshot keeps only the first page (wireJob.ts compactForStore), from the outputs table.
import { describe, expect, it } from 'vitest';
import { SNAPSHOT_OUTPUTS, type JobOutput } from '../../../src-shared/contracts/jobs';
import { compactForStore } from '../jobSources/wireJob';
import { outputsOfJob } from './batchJobs';

function wireOutput(i: number): Record<string, unknown> {
  return {
    id: `a${i}`,
    node_id: '9',
    name: `out_${i}.png`,
    type: 'image',
    content_type: 'image/png',
    size_bytes: 3,
    hash: null,
    url: `http://127.0.0.1/a${i}`,
  };
}

const wire = (outputs: number) => ({
  id: 'j1',
  status: 'succeeded',
  outputs: Array.from({ length: outputs }, (_, i) => wireOutput(i)),
});

describe('outputsOfJob', () => {
  it('lists a job’s outputs from its snapshot when it holds them all', () => {
    const fromStore = (): JobOutput[] => {
      throw new Error('not asked');
    };
    const outputs = outputsOfJob(
      'j1',
      { status: 'succeeded', snapshot: compactForStore(wire(3)) },
      fromStore,
    );
    expect(outputs.map((o) => o.assetId)).toEqual(['a0', 'a1', 'a2']);
  });

  it('lists every output from the store when the snapshot keeps only the first page', () => {
    const all = Array.from({ length: 250 }, (_, i): JobOutput => ({
      assetId: `a${i}`,
      nodeId: '9',
      name: `out_${i}.png`,
      type: 'image',
      contentType: 'image/png',
      sizeBytes: 3,
      hash: null,
    }));
    const snapshot = compactForStore(wire(250));
    expect(Array.isArray(snapshot.outputs) ? snapshot.outputs.length : 0).toBe(SNAPSHOT_OUTPUTS);
    expect(outputsOfJob('j1', { status: 'succeeded', snapshot }, () => all)).toHaveLength(250);
  });
});
