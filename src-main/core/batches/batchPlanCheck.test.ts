// batches.plan on the managed service, which offers object_info: values the nodes would refuse are named
// with the first item that carries them, before anything is sent.
import { describe, expect, it } from 'vitest';
import { batchesContract } from '../../../src-shared/contracts/batches';
import { textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';
import { coreOnSimulator } from '../app/testing/coreOnSimulator';
import { callOk } from '../app/testing/testCore';

const env = coreOnSimulator('managed');

describe('batches.plan against object_info', () => {
  it('names a value below the node input’s minimum, and a value that is not one of its choices', async () => {
    const preview = batchesContract['batches.plan'].result.parse(
      await callOk(env.core, 'batches.plan', {
        profileId: env.profileId,
        workflowJson: JSON.stringify(textToImageWorkflow()),
        axes: [
          { kind: 'sweep', text: '3.steps=20,0' },
          { kind: 'sweep', text: '3.sampler_name=euler,not-a-sampler' },
        ],
      }),
    );
    expect(preview.checked).toBe(true);
    expect(preview.problems).toEqual([
      expect.objectContaining({ kind: 'below_min', target: '3.steps', itemIndex: 2 }),
      expect.objectContaining({ kind: 'not_a_choice', target: '3.sampler_name', itemIndex: 1 }),
    ]);
    expect(env.sim.control.requests().some((r) => r.method === 'POST')).toBe(false);
  });
});
