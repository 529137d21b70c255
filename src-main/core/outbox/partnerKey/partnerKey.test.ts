// Which submissions go with the profile's key (issue 20): none while the choice is off (and the service is not
// even asked which nodes are partner nodes); with it on, those whose workflow uses a class object_info marks
// `api_node: true`, or every one where the service cannot tell. The catalogue is asked once for a burst, kept
// for a while, asked again sooner after a failure, and bounded.
import { describe, expect, it } from 'vitest';
import { V1ObjectInfoSchema, type V1ObjectInfo } from '../../api';
import { PartnerKeyPolicy } from './partnerKeyPolicy';
import { MAX_PARTNER_CLASSES, PartnerNodeCatalog, partnerClassesOf } from './partnerNodeCatalog';

const info = (definitions: Record<string, unknown>): V1ObjectInfo => V1ObjectInfoSchema.parse(definitions);
const marked = info({
  PartnerImageNode: { api_node: true },
  KSampler: { api_node: false },
  SaveImage: { api_node: false },
});
const partnerWorkflow = {
  '1': { class_type: 'PartnerImageNode', inputs: {} },
  '2': { class_type: 'SaveImage' },
};
const localWorkflow = { '1': { class_type: 'KSampler', inputs: {} }, '2': { class_type: 'SaveImage' } };

function catalogue(answer: () => Promise<V1ObjectInfo>, clock = { now: 0 }) {
  let reads = 0;
  const catalog = new PartnerNodeCatalog({
    objectInfo: () => {
      reads += 1;
      return answer();
    },
    now: () => clock.now,
    ttlMs: 1_000,
    failureTtlMs: 100,
  });
  return { catalog, reads: () => reads, clock };
}

describe('partnerClassesOf', () => {
  it('names the classes marked api_node: true', () => {
    expect(partnerClassesOf(marked)).toEqual(new Set(['PartnerImageNode']));
  });

  it("is 'unknown' when no class is marked either way (the service does not say)", () => {
    expect(partnerClassesOf(info({ KSampler: { input: null }, SaveImage: {} }))).toBe('unknown');
    // A mark that is not a boolean says nothing.
    expect(partnerClassesOf(info({ KSampler: { api_node: 'yes' } }))).toBe('unknown');
  });

  it("stops keeping names past its bound and says 'unknown'", () => {
    const many = Object.fromEntries(
      Array.from({ length: MAX_PARTNER_CLASSES + 1 }, (_, i) => [`Partner${i}`, { api_node: true }]),
    );
    expect(partnerClassesOf(info(many))).toBe('unknown');
  });
});

describe('PartnerNodeCatalog', () => {
  it('asks once for a burst of submissions, and again once its answer is old', async () => {
    const { catalog, reads, clock } = catalogue(() => Promise.resolve(marked));
    const answers = await Promise.all(Array.from({ length: 50 }, () => catalog.classes()));
    expect(new Set(answers).size).toBe(1);
    expect(reads()).toBe(1);
    clock.now = 999;
    await catalog.classes();
    expect(reads()).toBe(1);
    clock.now = 1_000;
    await catalog.classes();
    expect(reads()).toBe(2);
  });

  it("is 'unknown' when the service does not answer, and asks again sooner", async () => {
    const { catalog, reads, clock } = catalogue(() => Promise.reject(new Error('404 no such route')));
    expect(await catalog.classes()).toBe('unknown');
    clock.now = 99;
    await catalog.classes();
    expect(reads()).toBe(1);
    clock.now = 100;
    await catalog.classes();
    expect(reads()).toBe(2);
  });
});

describe('PartnerKeyPolicy', () => {
  const policy = (choice: () => boolean, answer: () => Promise<V1ObjectInfo>) => {
    const built = catalogue(answer);
    return { policy: new PartnerKeyPolicy({ choice, catalog: built.catalog }), reads: built.reads };
  };

  it('never sends the key while the choice is off, and does not even ask the service', async () => {
    const { policy: off, reads } = policy(
      () => false,
      () => Promise.resolve(marked),
    );
    expect(await off.wants(partnerWorkflow)).toBe(false);
    expect(reads()).toBe(0);
  });

  it('with the choice on, sends it only for a workflow that uses a partner node', async () => {
    const { policy: on } = policy(
      () => true,
      () => Promise.resolve(marked),
    );
    expect(await on.wants(partnerWorkflow)).toBe(true);
    expect(await on.wants(localWorkflow)).toBe(false);
    expect(await on.wants({})).toBe(false);
  });

  it('with the choice on, sends it with every workflow where the service cannot tell', async () => {
    const { policy: on } = policy(
      () => true,
      () => Promise.reject(new Error('object_info: 404')),
    );
    expect(await on.wants(localWorkflow)).toBe(true);
  });

  it('sends nothing when the choice cannot be read', async () => {
    const { policy: unsure } = policy(
      () => {
        throw new Error('the profile is gone');
      },
      () => Promise.resolve(marked),
    );
    expect(await unsure.wants(partnerWorkflow)).toBe(false);
  });
});
