import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFast, type RunningSimulator } from '../api/testing/conformance/simulatorHarness';
import { contract, type UploadProgressEvent } from '../../../src-shared/contract';
import type { StreamSink } from '../rpc/dispatcher';
import { uploadFixture, type UploadFixture } from './testing/uploadFixture';
import { FileGrants } from './fileGrants';
import { createUploadHandlers } from './uploadHandlers';

let sim: RunningSimulator;
let fx: UploadFixture;
beforeAll(async () => {
  sim = await startFast({ surface: 'self-hosted' });
});
afterAll(() => sim.close());
beforeEach(async () => {
  fx = await uploadFixture({ surface: 'self-hosted', baseUrl: sim.url });
});
afterEach(() => fx.dispose());

describe('uploads.* contract', () => {
  it('takes grants, never paths, and refuses bad options before main runs anything', () => {
    const args = contract['uploads.start'].args;
    const grant = 'g'.repeat(43);
    expect(args.safeParse({ paths: ['/home/me/.ssh/id_ed25519'] }).success).toBe(false);
    expect(args.safeParse({ grants: ['/home/me/.ssh/id_ed25519'] }).success).toBe(false);
    expect(args.safeParse({ grants: [grant], options: { expiresIn: 30 } }).success).toBe(false);
    expect(args.safeParse({ grants: [grant], options: { tags: ['a\nb'] } }).success).toBe(false);
    expect(args.safeParse({ profileId: 'p', grants: [grant], options: { tags: ['a'] } }).success).toBe(true);
    expect(args.safeParse({ grants: [grant], options: { tags: ['a'] } }).success).toBe(false);
  });

  it('streams a snapshot, then batched updates until the batch is finished', async () => {
    const grants = new FileGrants();
    const handlers = createUploadHandlers(fx.service(), grants, { progressIntervalMs: 20 });
    const paths = [fx.file('one.bin', randomBytes(1000)), fx.file('two.bin', randomBytes(2000))];
    const chosen = (await grants.mintAll(paths, null)).map((g) => g.grant);
    const { batchId } = await handlers['uploads.start']({ grants: chosen, profileId: fx.profileId });
    const events: UploadProgressEvent[] = [];
    let stop: () => void = () => undefined;
    await new Promise<void>((resolve) => {
      const sink: StreamSink<UploadProgressEvent> = {
        emit: (event) => {
          expect(contract['uploads.progress'].event.safeParse(event).success).toBe(true);
          events.push(event);
          if (event.type === 'update' && event.finished) resolve();
        },
        end: () => undefined,
      };
      stop = handlers['uploads.progress']({ batchId, profileId: fx.profileId }, sink);
    });
    stop();
    expect(events[0]?.type).toBe('snapshot');
    const last = events.at(-1);
    expect(last?.type === 'update' && last.summary).toMatchObject({ files: 2, uploaded: 2, finished: 2 });
    const { batches } = await handlers['uploads.list']({ profileId: fx.profileId });
    expect(batches.map((b) => b.batchId)).toEqual([batchId]);
    expect(batches[0]?.files.map((f) => f.outcome?.kind)).toEqual(['uploaded', 'uploaded']);
  });

  it('answers an unknown batch with a typed error', () => {
    const handlers = createUploadHandlers(fx.service(), new FileGrants());
    expect(() => handlers['uploads.cancel']({ batchId: 'nope', profileId: fx.profileId })).toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
  });
});
