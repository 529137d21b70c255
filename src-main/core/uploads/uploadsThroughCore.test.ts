// uploads.* as the renderer reaches them: through the core every host builds and its contract dispatcher.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coreOnSimulator } from '../app/testing/coreOnSimulator';
import { connectCore, connectedProfile, createTestCore } from '../app/testing/testCore';
import type { StreamMessage } from '../../../src-shared/protocol';

const env = coreOnSimulator('managed');

describe('uploads through the core dispatcher', () => {
  it('starts a batch, streams its progress to the end, and lists it', async () => {
    const path = join(env.core.dataDir, 'dropped.png');
    writeFileSync(path, randomBytes(2048));
    const [grant] = await env.core.grants.mintAll([path], null);
    const started = await env.core.dispatcher.call('uploads.start', {
      profileId: connectedProfile(env.core),
      grants: [grant!.grant],
      options: { tags: ['t'] },
    });
    expect(started.ok).toBe(true);
    const batchId = started.ok ? (started.value as { batchId: string }).batchId : '';

    const owner = {};
    const messages: StreamMessage[] = [];
    await new Promise<void>((resolve) => {
      const subscribed = env.core.dispatcher.subscribe(
        owner,
        'uploads.progress',
        'sub-uploads-1',
        { profileId: connectedProfile(env.core), batchId },
        (m) => {
          messages.push(m);
          if (m.type === 'event' && JSON.stringify(m.event).includes('"finished":true')) resolve();
        },
      );
      expect(subscribed.ok).toBe(true);
    });
    env.core.dispatcher.disposeOwner(owner);
    expect(messages[0]).toMatchObject({ type: 'event', seq: 1, event: { type: 'snapshot' } });

    const listed = await env.core.dispatcher.call('uploads.list', { profileId: connectedProfile(env.core) });
    expect(listed).toMatchObject({
      ok: true,
      value: { batches: [{ batchId, summary: { files: 1, uploaded: 1 } }] },
    });
    expect(env.sim.control.stats().uploadBytesReceived).toBe(2048);
  });

  it('refuses a path string, a forged grant and a spent one with typed errors, reading nothing', async () => {
    const secret = join(env.core.dataDir, 'id_ed25519');
    writeFileSync(secret, 'PRIVATE KEY');
    const before = env.sim.control.stats().uploadBytesReceived;
    expect(
      await env.core.dispatcher.call('uploads.start', {
        profileId: connectedProfile(env.core),
        paths: [secret],
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
    expect(
      await env.core.dispatcher.call('uploads.start', {
        profileId: connectedProfile(env.core),
        grants: ['A'.repeat(43)],
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_grant' },
    });
    const [grant] = await env.core.grants.mintAll([secret], null);
    env.core.grants.redeem([grant!.grant], null);
    expect(
      await env.core.dispatcher.call('uploads.start', {
        profileId: connectedProfile(env.core),
        grants: [grant!.grant],
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_grant' },
    });
    expect(env.sim.control.stats().uploadBytesReceived).toBe(before);
  });

  it('has no file dialog in the browser shell: pickFiles is not available', async () => {
    expect(await env.core.dispatcher.call('uploads.pickFiles', { kind: 'files' })).toMatchObject({
      ok: false,
      error: { code: 'not_available' },
    });
  });
});

describe('uploads interrupted by a stop, across a restart of the core', () => {
  it('come back in uploads.list, and uploads.forget settles them for good', async () => {
    const first = await createTestCore();
    const profileId = await connectCore(first, { surface: 'managed', baseUrl: env.sim.url });
    const path = join(first.dataDir, 'frame.png');
    writeFileSync(path, randomBytes(512));
    first.store.uploads.recordIntent({
      id: 'in-flight',
      profileId,
      filePath: path,
      size: 512,
      hash: null,
      idempotencyKey: 'key-in-flight',
      placement: { relativePath: 'frame.png', tags: ['t'] },
    });
    first.store.uploads.markSent('in-flight');
    await first.close();

    const restart = () => createTestCore({ dataDir: first.dataDir, keychain: first.keychain });
    const second = await restart();
    const listed = await second.dispatcher.call('uploads.list', { profileId: connectedProfile(second) });
    expect(listed).toMatchObject({
      ok: true,
      value: {
        batches: [
          {
            profileId,
            options: { tags: ['t'] },
            files: [{ path, outcome: { kind: 'failed', code: 'interrupted', outcomeUnknown: true } }],
          },
        ],
      },
    });
    const batchId = listed.ok ? (listed.value as { batches: { batchId: string }[] }).batches[0]?.batchId : '';
    expect(
      await second.dispatcher.call('uploads.forget', { profileId: connectedProfile(second), batchId }),
    ).toEqual({
      ok: true,
      value: { forgotten: 1 },
    });
    await second.close();

    const third = await restart();
    expect(await third.dispatcher.call('uploads.list', { profileId: connectedProfile(third) })).toEqual({
      ok: true,
      value: { batches: [] },
    });
    await third.close();
    await first.dispose();
  });
});
