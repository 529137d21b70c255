// Uploaded files bound to an input: one core/ASSET reference per asset, combined like any other axis.
import { describe, expect, it } from 'vitest';
import { planBatch } from './planBatch';
import { plan, refusalOf, rows, sweep } from './testing/planKit';

const inputs = (target: string, assetIds: string[]) => ({ kind: 'inputs', target, assetIds }) as const;
const ref = (id: string) => ({ __type: 'core/ASSET', info: { id } });

describe('inputs axis', () => {
  it('puts one asset reference per asset where the file name was', () => {
    const planned = plan({ axes: [inputs('10.image', ['a-1', 'b-2'])] });
    expect(planned.count).toBe(2);
    expect(planned.itemAt(1).workflow['10']?.inputs.image).toEqual(ref('b-2'));
    expect(planned.itemAt(1).values).toEqual([{ target: '10.image', value: ref('b-2') }]);
  });

  it('multiplies with a sweep, and zips with one of the same length', () => {
    expect(rows({ axes: [inputs('10.image', ['a', 'b']), sweep('3.seed=1..2')] })).toHaveLength(4);
    expect(rows({ axes: [inputs('10.image', ['a', 'b']), sweep('3.seed=1..2')], zip: true })).toEqual([
      { '10.image': ref('a'), '3.seed': 1 },
      { '10.image': ref('b'), '3.seed': 2 },
    ]);
  });

  it('gives each item its own copy of the reference', () => {
    const planned = plan({ axes: [inputs('10.image', ['a']), sweep('3.seed=1..2')] });
    const first = planned.itemAt(0).workflow['10']!.inputs.image as { info: { id: string } };
    first.info.id = 'changed';
    expect(planned.itemAt(1).workflow['10']?.inputs.image).toEqual(ref('a'));
  });

  it('refuses an input the node does not have, and a link', () => {
    expect(refusalOf({ axes: [inputs('10.mask', ['a'])] }).message).toContain(
      'Node 10 (LoadImage) has no input "mask"',
    );
    expect(refusalOf({ axes: [inputs('8.samples', ['a'])] }).details).toMatchObject({
      part: 'inputs',
      target: '8.samples',
    });
  });

  it('refuses an input that holds a number or a boolean', () => {
    expect(refusalOf({ axes: [inputs('3.seed', ['a'])] }).message).toMatch(
      /3.seed holds a number, not a file/,
    );
    expect(refusalOf({ axes: [inputs('12.enabled', ['a'])] }).message).toMatch(/holds true or false/);
  });

  it('may replace an asset reference already in place', () => {
    const workflow = { '1': { class_type: 'LoadImage', inputs: { image: ref('old') } } };
    const planned = planBatch({ workflow, axes: [inputs('1.image', ['new'])] });
    expect(planned.itemAt(0).workflow['1']?.inputs.image).toEqual(ref('new'));
  });

  it('refuses no assets, and a blank id', () => {
    expect(refusalOf({ axes: [inputs('10.image', [])] }).message).toMatch(/no files are bound/);
    expect(refusalOf({ axes: [inputs('10.image', ['a', ' '])] }).message).toMatch(/file 2 has no asset id/);
  });

  it('names the axis by its input and count', () => {
    expect(plan({ axes: [inputs('10.image', ['a', 'b', 'c'])] }).axes[0]?.source).toBe('10.image=3 assets');
  });
});
