// The hostile-caller suite (issue 10): whatever a caller of the contract sends, through either transport,
// nothing gets through. Every attempt is counted; one line of counts is printed at the end, and the suite
// fails on any attempt that was accepted. A caller here already holds the transport (a compromised page in
// Electron, or whoever has the browser shell's token): the perimeter is tested elsewhere; this is what the
// contract itself refuses.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callNames, contract, streamNames } from '../../src-shared/contract';
import type { CallResult } from '../../src-shared/protocol';
import { MAX_SUBSCRIPTIONS_PER_OWNER } from '../../src-main/core/rpc/dispatcher';
import { systemKeychain, type KeychainBackend } from '../../src-main/core/profiles';
import { FakeKeychain } from '../../src-main/core/profiles/testing/fakeKeychain';
import { startCollector, type Collector } from './credentialCollector';
import { MAX_CALL_MESSAGE_BYTES } from '../../src-shared/limits';
import { unmaskInPlace } from '../../src-main/web/frameGuard';
import { ipcTransport, RawJson, Tally, webSocketTransport, type HostileTransport } from './hostileTransports';

const tally = new Tally();
afterAll(() => {
  console.log(tally.line());
  // npm test's summary prints this line again at the end (scripts/test-summary.mjs).
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/hostile-callers.txt', `${tally.line()}\n`);
  expect(tally.accepted).toEqual([]);
  expect(tally.attempts).toBeGreaterThan(1000);
});

/** The real Secret Service under the test wrapper (a keychain service of this run's own), else in memory. */
function keychain(): KeychainBackend {
  return process.env['LOUPE_KEYRING_READY'] === '1'
    ? systemKeychain(`loupe-hostile-${randomUUID()}`)
    : new FakeKeychain();
}

/** Arguments no call accepts: wrong types, unknown keys, prototype keys, depth. */
const malformed: [string, unknown][] = [
  ['null', null],
  ['a string', 'x'],
  ['a number', 42],
  ['an array', []],
  ['an unknown key', { __loupe_unexpected__: true }],
  ['a __proto__ key', JSON.parse('{"__proto__":{"polluted":true}}') as unknown],
  ['100,000 levels deep', new RawJson(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)],
  ['an object 100,000 levels deep', new RawJson(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`)],
];

/** Names that are not calls of the contract, or must never be. */
const notCalls = [
  'shell.exec',
  'files.grantDropped',
  'profiles.readCredential',
  'profiles.resolveConnection',
  '__proto__',
  'constructor',
  'toString',
  'jobs.list.extra',
  '',
];

const transports: [string, () => Promise<HostileTransport>][] = [
  ['websocket', () => webSocketTransport({ keychain: keychain(), fileGrants: { ttlMs: 200 } })],
  ['ipc', () => ipcTransport({ keychain: keychain(), fileGrants: { ttlMs: 200 } })],
];

describe.each(transports)('a hostile caller over %s', (transportName, open) => {
  let transport: HostileTransport;
  const secret = `sk-canary-${randomUUID()}`;
  const fileCanary = `PRIVATE-KEY-${randomUUID()}`;
  let collector: Collector;
  let secretFile: string;

  const refused = (label: string, result: CallResult<unknown>): void => {
    tally.record(transport.name, label, result.ok);
    expect(result.ok, label).toBe(false);
  };
  const noLeak = (label: string, before: number): void => {
    const leaked = collector.leaks() > before;
    tally.record(transport.name, label, leaked);
    expect(leaked, label).toBe(false);
  };
  const must = async <T>(result: Promise<CallResult<T>>): Promise<T> => {
    const answer = await result;
    if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
    return answer.value;
  };

  beforeAll(async () => {
    transport = await open();
    collector = await startCollector([secret, fileCanary]);
    secretFile = join(transport.core.dataDir, 'id_ed25519');
    writeFileSync(secretFile, `-----BEGIN ${fileCanary}-----\n`);
  });
  afterAll(async () => {
    await transport.close();
    await collector.close();
  });

  it('every call and stream refuses malformed arguments, and names outside the contract do nothing', async () => {
    for (const name of callNames) {
      for (const [label, args] of malformed) {
        const result = await transport.call(name, args);
        refused(`${name} with ${label}`, result);
        expect(!result.ok && result.error.code, `${name} with ${label}`).toBe('invalid_arguments');
      }
    }
    let id = 0;
    for (const name of streamNames) {
      for (const [label, args] of malformed) {
        refused(`${name} stream with ${label}`, await transport.subscribe(name, `hostile-${id++}-sub`, args));
      }
      refused(`${name} stream with a malformed id`, await transport.subscribe(name, '../../x', {}));
    }
    for (const name of notCalls) {
      refused(`call ${JSON.stringify(name)}`, await transport.call(name, {}));
      refused(`stream ${JSON.stringify(name)}`, await transport.subscribe(name, `hostile-${id++}-sub`, {}));
    }
  });

  it('a per-profile call or stream names a profile that exists, in plain characters, or is refused', async () => {
    const scoped = [...callNames, ...streamNames].filter(
      (name) => (contract[name] as { scope?: string }).scope === 'profile',
    );
    expect(scoped.length).toBeGreaterThan(30);
    const badIds: unknown[] = [
      '../local',
      '',
      'a'.repeat(201),
      'local/../demo',
      'local\u0000',
      7,
      null,
      ['local'],
    ];
    let id = 0;
    for (const name of scoped) {
      const isStream = (streamNames as readonly string[]).includes(name);
      const attempt = (args: unknown) =>
        isStream ? transport.subscribe(name, `scoped-${id++}-sub`, args) : transport.call(name, args);
      // A profile that does not exist: refused; where nothing else is missing, as profile_not_found.
      const ghost = { profileId: `ghost-${randomUUID()}` };
      const answer = await attempt(ghost);
      refused(`${name} on a profile that does not exist`, answer);
      if (contract[name].args.safeParse(ghost).success) {
        expect(!answer.ok && answer.error.code, name).toBe('profile_not_found');
      }
      for (const profileId of badIds) {
        const bad = await attempt({ profileId });
        refused(`${name} naming profile ${JSON.stringify(profileId)}`, bad);
        expect(!bad.ok && bad.error.code, `${name} ${JSON.stringify(profileId)}`).toBe('invalid_arguments');
      }
      refused(`${name} naming no profile`, await attempt({}));
    }
  });

  it('one profile’s batch is not found when asked for under another', async () => {
    const other = await must(
      transport.call('profiles.create', { name: 'other', surface: 'managed', baseUrl: collector.origin }),
    );
    const { batch } = transport.core.store.batches.create(
      { id: randomUUID(), profileId: 'local', name: 'local only' },
      [],
    );
    const asked = await transport.call('batches.get', {
      profileId: (other as { id: string }).id,
      batchId: batch.id,
    });
    refused('batches.get of another profile’s batch', asked);
    expect(!asked.ok && asked.error.code).toBe('batch_not_found');
    const sending = await transport.call('batches.sending', {
      profileId: (other as { id: string }).id,
      batchId: batch.id,
    });
    refused('batches.sending of another profile’s batch', sending);
  });

  it('a saved key never reaches a host the caller points the profile at', async () => {
    // The control: a profile given its key for the collector does send it there, so the listener hears a leak.
    const control = await must(
      transport.call('profiles.create', { name: 'control', surface: 'managed', baseUrl: collector.origin }),
    );
    const controlId = (control as { id: string }).id;
    await must(transport.call('profiles.setCredential', { profileId: controlId, secret }));
    await transport.call('profiles.test', { profileId: controlId, refresh: true });
    expect(collector.leaks()).toBeGreaterThan(0);
    await must(transport.call('profiles.remove', { profileId: controlId }));

    const legit = 'https://legit.example';
    const created = await must(
      transport.call('profiles.create', { name: 'victim', surface: 'managed', baseUrl: legit }),
    );
    const profileId = (created as { id: string }).id;
    await must(transport.call('profiles.setCredential', { profileId, secret }));

    const probes: [string, () => Promise<unknown>][] = [
      ['profiles.test', () => transport.call('profiles.test', { profileId, refresh: true })],
      ['jobs.list', () => transport.call('jobs.list', { profileId })],
      ['jobs.get', () => transport.call('jobs.get', { profileId, jobId: 'job-1' })],
      [
        'jobs.submit',
        () =>
          transport.call('jobs.submit', { profileId, workflowJson: '{"1":{"class_type":"X","inputs":{}}}' }),
      ],
      ['assets.get', () => transport.call('assets.get', { profileId, assetId: 'asset-1' })],
      ['models.catalogue', () => transport.call('models.catalogue', { profileId, refresh: true })],
      ['models.detail', () => transport.call('models.detail', { profileId, modelId: 'acme/imagegen-2' })],
      [
        'models.run',
        () =>
          transport.call('models.run', {
            profileId,
            modelId: 'acme/imagegen-2',
            input: { prompt: 'x' },
            mode: 'sync',
          }),
      ],
    ];
    const moves: [string, Record<string, unknown>][] = [
      ['baseUrl to the collector', { baseUrl: collector.origin }],
      [
        'baseUrl back, then routerBaseUrl to the collector',
        { baseUrl: legit, routerBaseUrl: collector.origin },
      ],
      ['both to the collector', { baseUrl: collector.origin, routerBaseUrl: collector.origin }],
      ['the surface too', { surface: 'serverless', baseUrl: `${collector.origin}/mount` }],
    ];
    for (const [move, patch] of moves) {
      // The key is set again each round: the caller holds setCredential only for keys it already knows.
      await must(transport.call('profiles.update', { profileId, baseUrl: legit, routerBaseUrl: null }));
      await must(transport.call('profiles.setCredential', { profileId, secret }));
      const updated = await must(transport.call('profiles.update', { profileId, ...patch }));
      tally.record(
        transport.name,
        `${move}: the key stayed`,
        (updated as { hasCredential: boolean }).hasCredential,
      );
      expect(updated).toMatchObject({ hasCredential: false, credentialDropped: true });
      await must(transport.call('profiles.setActive', { profileId }));
      for (const [probe, run] of probes) {
        const before = collector.leaks();
        await run();
        noLeak(`${move}, then ${probe}`, before);
      }
    }
    expect(collector.requests()).toBeGreaterThan(moves.length);
    await must(transport.call('profiles.remove', { profileId }));
  });

  it('uploads.start reads no path nobody granted', async () => {
    const target = await must(
      transport.call('profiles.create', {
        name: 'upload target',
        surface: 'managed',
        baseUrl: collector.origin,
      }),
    );
    const profileId = (target as { id: string }).id;
    const before = collector.leaks();
    const attempts: [string, Record<string, unknown>][] = [
      ['a path', { paths: [secretFile] }],
      ['a path as a grant', { grants: [secretFile] }],
      ['a file URL', { grants: [`file://${secretFile}`] }],
      ['a forged grant', { grants: [randomBytes(32).toString('base64url')] }],
      ['a grant-shaped path', { grants: ['/'.repeat(43)] }],
      ['no grants', { grants: [] }],
      ['a path beside the options', { grants: [randomBytes(32).toString('base64url')], paths: [secretFile] }],
    ];
    for (const [label, args] of attempts)
      refused(`uploads.start with ${label}`, await transport.call('uploads.start', { profileId, ...args }));
    refused(
      'uploads.prepareBytes naming a path',
      await transport.call('uploads.prepareBytes', {
        profileId,
        files: [
          {
            name: secretFile,
            size: 10,
            hash: `blake3:${'0'.repeat(64)}`,
            contentType: '',
            relativePath: secretFile,
          },
        ],
      }),
    );
    if (transport.name === 'websocket') {
      // The browser shell has no dialog and no drop bridge: nothing there can ever mint a grant.
      refused(
        'uploads.pickFiles in the browser shell',
        await transport.call('uploads.pickFiles', { kind: 'files' }),
      );
    }
    noLeak('no upload carried the secret file', before);
  });

  // Only Electron mints grants (the browser shell's refusal to mint one is counted above), so only there is
  // there a grant to misuse.
  if (transportName === 'ipc')
    it('a grant works once, for its own window, and not after it expires', async () => {
      if (transport.grantDropped === undefined || transport.callFromOtherWindow === undefined) {
        throw new Error('the Electron transport offers the drop bridge');
      }
      const file = join(transport.core.dataDir, 'chosen.png');
      writeFileSync(file, randomBytes(64));
      const mint = async (): Promise<string> => {
        const minted = (await must(transport.grantDropped!([file]))) as { grants: { grant: string }[] };
        return minted.grants[0]!.grant;
      };
      const profileId = 'local';
      const used = await mint();
      await must(transport.call('uploads.start', { profileId, grants: [used] }));
      refused('a grant used twice', await transport.call('uploads.start', { profileId, grants: [used] }));

      const foreign = await mint();
      refused(
        'a grant redeemed by another window',
        await transport.callFromOtherWindow('uploads.start', { profileId, grants: [foreign] }),
      );
      refused(
        'a grant repeated in one call',
        await transport.call('uploads.start', { profileId, grants: [foreign, foreign] }),
      );

      const stale = await mint();
      await new Promise((resolve) => setTimeout(resolve, 300));
      refused('an expired grant', await transport.call('uploads.start', { profileId, grants: [stale] }));
      refused('the bridge asked for a relative path', await transport.grantDropped(['id_ed25519']));
    });

  it('models.* refuse bad model ids, huge or deep inputs, unknown runs and another profile’s runs', async () => {
    const owner = await must(
      transport.call('profiles.create', {
        name: 'router owner',
        surface: 'managed',
        baseUrl: collector.origin,
        routerBaseUrl: collector.origin,
      }),
    );
    const ownerId = (owner as { id: string }).id;
    // A run of the owner's, recorded as the app records one (never sent: the collector is no Router).
    const foreignRun = transport.core.store.routerRuns.insert({
      id: randomUUID(),
      profileId: ownerId,
      modelId: 'acme/imagegen-2',
      mode: 'queued',
      idempotencyKey: randomUUID(),
      input: { prompt: 'private' },
      options: {},
    });
    const caller = await must(
      transport.call('profiles.create', {
        name: 'router caller',
        surface: 'managed',
        baseUrl: collector.origin,
        routerBaseUrl: collector.origin,
      }),
    );
    const profileId = (caller as { id: string }).id;
    const before = collector.requests();

    const badModelIds = [
      '../x',
      'a/b/c',
      'acme/../x',
      '%2e%2e/x',
      '..%2F..%2Fetc/passwd',
      'ACME/Model',
      'acme/',
      '/x',
      'acme\\x',
      'acme/x?y=1',
      'acme/x#y',
      `acme/${'x'.repeat(200)}`,
      '',
    ];
    for (const modelId of badModelIds) {
      refused(
        `models.detail ${JSON.stringify(modelId)}`,
        await transport.call('models.detail', { profileId, modelId }),
      );
      refused(
        `models.run ${JSON.stringify(modelId)}`,
        await transport.call('models.run', { profileId, modelId, input: {}, mode: 'sync' }),
      );
    }
    const deep = JSON.parse(`${'{"a":'.repeat(100)}1${'}'.repeat(100)}`) as unknown;
    const runAttempts: [string, Record<string, unknown>][] = [
      [
        'a 17 MiB input',
        { modelId: 'acme/imagegen-2', input: { prompt: 'x'.repeat(17 * 1024 * 1024) }, mode: 'sync' },
      ],
      ['a 65 MiB input', { modelId: 'acme/imagegen-2', input: 'x'.repeat(65 * 1024 * 1024), mode: 'sync' }],
      ['an input 100 levels deep', { modelId: 'acme/imagegen-2', input: deep, mode: 'sync' }],
      ['an unknown mode', { modelId: 'acme/imagegen-2', input: {}, mode: 'batch' }],
      ['an unknown option', { modelId: 'acme/imagegen-2', input: {}, mode: 'sync', options: { url: 'x' } }],
      [
        'a provider that is a path',
        { modelId: 'acme/imagegen-2', input: {}, mode: 'sync', options: { modelProvider: '../x' } },
      ],
      [
        'an Idempotency-Key of its own',
        { modelId: 'acme/imagegen-2', input: {}, mode: 'sync', idempotencyKey: 'k' },
      ],
    ];
    for (const [label, args] of runAttempts)
      refused(`models.run with ${label}`, await transport.call('models.run', { profileId, ...args }));

    const runIds = [foreignRun.id, randomUUID(), '../x', 'a/b', '', 'x'.repeat(101), '..', '%2e%2e'];
    for (const runId of runIds) {
      for (const name of ['models.getRun', 'models.retryRun', 'models.cancelRun'] as const) {
        refused(
          `${name} ${JSON.stringify(runId.slice(0, 40))}`,
          await transport.call(name, { profileId, runId }),
        );
      }
    }
    for (const limit of [0, -1, 1001, 1.5, '10']) {
      refused(
        `models.runs with limit ${JSON.stringify(limit)}`,
        await transport.call('models.runs', { profileId, limit }),
      );
    }
    const listed = await must(transport.call('models.runs', { profileId }));
    const seesForeign = JSON.stringify(listed).includes(foreignRun.id);
    tally.record(transport.name, 'models.runs lists another profile’s run', seesForeign);
    expect(seesForeign).toBe(false);
    expect(collector.requests()).toBe(before);
    expect(transport.core.store.routerRuns.get(foreignRun.id)).toMatchObject({
      state: 'pending',
      attempts: 0,
    });
  });

  it('store.recover cannot move a healthy data file aside, whatever the action', async () => {
    for (const action of ['start_fresh', 'restore_backup', 'keep_what_is_left', 'check_again']) {
      const result = await transport.call('store.recover', { action });
      refused(`store.recover ${action} on a healthy store`, result);
      expect(!result.ok && result.error.code).toBe('nothing_to_recover');
    }
    for (const action of ['delete', '../loupe.db', 'START_FRESH', '']) {
      refused(`store.recover ${JSON.stringify(action)}`, await transport.call('store.recover', { action }));
    }
    const setAside = readdirSync(transport.core.dataDir).filter((name) => name.includes('damaged'));
    tally.record(transport.name, 'store.recover set a healthy file aside', setAside.length > 0);
    expect(setAside).toEqual([]);
    expect(await must(transport.call('store.status', {}))).toMatchObject({ state: 'ok', recovered: null });
  });

  it('a flood of subscriptions stops at the cap with a typed error', async () => {
    const flood = 2000;
    const answers = await Promise.all(
      Array.from({ length: flood }, (_, i) =>
        transport.subscribe('app.heartbeat', `flood-${String(i).padStart(6, '0')}`, { intervalMs: 60_000 }),
      ),
    );
    const accepted = answers.filter((answer) => answer.ok).length;
    expect(accepted).toBeLessThanOrEqual(MAX_SUBSCRIPTIONS_PER_OWNER);
    answers.forEach((answer, index) => {
      const beyondCap = index >= MAX_SUBSCRIPTIONS_PER_OWNER;
      if (beyondCap) refused(`subscription ${index + 1} of a flood`, answer);
      if (beyondCap) expect(!answer.ok && answer.error.code).toBe('too_many_subscriptions');
    });
  });
});

/**
 * Messages no parser should ever see, written frame by frame on the browser shell's socket by a page that holds
 * the token (issue 19, fault 6): each must be refused, and none may be answered as a call that ran.
 */
describe('a hostile page writing its own frames to the browser shell', () => {
  let transport: HostileTransport;
  beforeAll(async () => {
    transport = await webSocketTransport({ keychain: keychain() });
  });
  afterAll(() => transport.close());

  /** Sends `payload` (masked with a random key) in 1 MiB pieces until the host refuses it. */
  async function attempt(label: string, payload: Buffer, header: { rsv1?: boolean } = {}): Promise<void> {
    const client = await transport.openRaw?.();
    if (client === undefined) throw new Error('the browser shell transport writes raw frames');
    const mask = randomBytes(4);
    unmaskInPlace(payload, 0, payload.length, mask, 0);
    client.writeHeader(payload.length, { mask, ...header });
    const state = { answered: false };
    const answer = Promise.race([
      client.nextText().then((reply) => ({ reply, code: null })),
      client.closed.then((code) => ({ reply: null, code })),
    ]).then((outcome) => {
      state.answered = true;
      return outcome;
    });
    for (let at = 0; at < payload.length && !state.answered; at += 1024 * 1024) {
      if (!(await client.write(payload.subarray(at, at + 1024 * 1024)))) break;
    }
    const { reply, code } = await answer;
    client.destroy();
    // Refused either way: answered as a refused call, or the connection closed on it.
    const refusedCall = reply !== null && reply.includes('"ok":false') && reply.includes('invalid_arguments');
    const closed = code !== null && [1002, 1008, 1009].includes(code);
    tally.record(transport.name, label, !(refusedCall || closed));
    expect(refusedCall || closed, `${label}: ${reply ?? `closed ${code ?? ''}`}`).toBe(true);
  }

  const deep = (length: number, prefix = '', suffix = ''): Buffer => {
    const payload = Buffer.alloc(length, 0x20);
    payload.write(prefix);
    const depth = Math.floor((length - prefix.length - suffix.length) / 2);
    payload.fill(0x5b, prefix.length, prefix.length + depth);
    payload.fill(0x5d, prefix.length + depth, prefix.length + 2 * depth);
    payload.write(suffix, length - suffix.length);
    return payload;
  };

  it('refuses the 60 MB message nested 30 million levels deep, and one just under the size limit', async () => {
    await attempt('a 60 MB message 30 million levels deep', deep(60_000_000));
    await attempt(
      'a jobs.get call nested as deep as fits under the size limit',
      deep(MAX_CALL_MESSAGE_BYTES - 1, '{"type":"call","requestId":1,"name":"jobs.get","args":', '}'),
    );
    await attempt(
      'app.info nested 65 levels inside its envelope',
      Buffer.from(
        `{"type":"call","requestId":2,"name":"app.info","args":${'['.repeat(65)}${']'.repeat(65)}}`,
      ),
    );
    await attempt(
      'a compressed app.info nobody negotiated',
      Buffer.from('{"type":"call","requestId":3,"name":"app.info","args":{}}'),
      { rsv1: true },
    );
  });
});
