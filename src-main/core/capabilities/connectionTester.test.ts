// The tester's cache: per profile, fresh for ttlMs, shared by concurrent callers, bypassed by refresh, and
// dropped the moment the profile changes. Requests are counted in the simulator's own log.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestCore } from '../app/testing/testCore';
import {
  clearSimRequests,
  primaryKey,
  simRequests,
  startFast,
  type RunningSimulator,
} from '../api/testing/conformance/simulatorHarness';
import { ProfileError } from '../profiles';
import { createConnectionTester, type DisposableConnectionTester } from './connectionTester';
import { profileFixture, type ProfileFixture } from './testing/profileFixture';

let sim: RunningSimulator;
let fixture: ProfileFixture;
let tester: DisposableConnectionTester;
let clock: number;

beforeAll(async () => {
  sim = await startFast({ surface: 'serverless' });
});
afterAll(() => sim.close());
beforeEach(async () => {
  fixture = profileFixture();
  clock = Date.parse('2025-06-01T12:00:00Z');
  tester = createConnectionTester({ profiles: fixture.profiles, now: () => clock, ttlMs: 60_000 });
  await clearSimRequests(sim);
});
afterEach(() => {
  tester.dispose();
  fixture.dispose();
});

async function requestCount(): Promise<number> {
  return (await simRequests(sim)).length;
}

describe('the cache', () => {
  it('answers again from the cache until the time to live runs out', async () => {
    const id = await fixture.add({ surface: 'serverless', baseUrl: sim.url, key: primaryKey });
    const first = await tester.test(id, { refresh: false });
    expect(first.checkedAt).toBe('2025-06-01T12:00:00.000Z');
    const afterFirst = await requestCount();
    expect(afterFirst).toBeGreaterThan(0);

    clock += 59_000;
    expect(await tester.test(id, { refresh: false })).toBe(first);
    expect(await requestCount()).toBe(afterFirst);

    clock += 2_000;
    const second = await tester.test(id, { refresh: false });
    expect(second.checkedAt).toBe('2025-06-01T12:01:01.000Z');
    expect(await requestCount()).toBeGreaterThan(afterFirst);
  });

  it('refresh probes again even while the cached report is fresh', async () => {
    const id = await fixture.add({ surface: 'serverless', baseUrl: sim.url, key: primaryKey });
    await tester.test(id, { refresh: false });
    const before = await requestCount();
    await tester.test(id, { refresh: true });
    expect(await requestCount()).toBeGreaterThan(before);
  });

  it('callers asking at the same moment share one probe', async () => {
    const id = await fixture.add({ surface: 'serverless', baseUrl: sim.url, key: primaryKey });
    const [a, b, c] = await Promise.all([
      tester.test(id, { refresh: false }),
      tester.test(id, { refresh: false }),
      tester.test(id, { refresh: true }),
    ]);
    expect(b).toBe(a);
    expect(c).toBe(a);
    const listings = (await simRequests(sim)).filter((r) => r.path === '/api/v2/jobs');
    expect(listings).toHaveLength(1);
  });

  it('is per profile', async () => {
    const good = await fixture.add({ surface: 'serverless', baseUrl: sim.url, key: primaryKey });
    const bad = await fixture.add({ surface: 'serverless', baseUrl: sim.url, key: 'nope' });
    expect((await tester.test(good, { refresh: false })).credentialAccepted).toBe(true);
    expect((await tester.test(bad, { refresh: false })).credentialAccepted).toBe(false);
    expect((await tester.test(good, { refresh: false })).credentialAccepted).toBe(true);
  });

  it('keeps a report that found nothing answering only briefly', async () => {
    const id = await fixture.add({ surface: 'self-hosted', baseUrl: 'http://127.0.0.1:9' });
    const first = await tester.test(id, { refresh: false });
    expect(first.reachable).toBe(false);
    clock += 5_000;
    expect(await tester.test(id, { refresh: false })).toBe(first);
    clock += 6_000;
    expect(await tester.test(id, { refresh: false })).not.toBe(first);
  });
});

describe('invalidation when the profile changes', () => {
  it('a new credential is tested at once, not answered from the cache', async () => {
    const id = await fixture.add({ surface: 'serverless', baseUrl: sim.url, key: 'wrong' });
    expect((await tester.test(id, { refresh: false })).credentialAccepted).toBe(false);
    await fixture.profiles.setCredential(id, primaryKey);
    expect((await tester.test(id, { refresh: false })).credentialAccepted).toBe(true);
    await fixture.profiles.clearCredential(id);
    expect((await tester.test(id, { refresh: false })).problem?.code).toBe('credential_missing');
  });

  it('a new address is tested at once', async () => {
    const id = await fixture.add({ surface: 'serverless', baseUrl: 'http://127.0.0.1:9', key: primaryKey });
    expect((await tester.test(id, { refresh: false })).reachable).toBe(false);
    await fixture.profiles.update(id, { baseUrl: sim.url });
    expect((await tester.test(id, { refresh: false })).reachable).toBe(true);
  });

  it('a probe that started before a change neither serves later callers nor fills the cache', async () => {
    // The first probe's first request waits at a gate until the second probe has finished.
    let gate: Promise<void> | null = null;
    let open = (): void => undefined;
    let held = (): void => undefined;
    const firstRequestHeld = new Promise<void>((resolve) => (held = resolve));
    const gatedFetch: typeof fetch = async (input, init) => {
      const waitFor = gate;
      gate = null;
      if (waitFor !== null) {
        held();
        await waitFor;
      }
      return fetch(input, init);
    };
    const gated = createConnectionTester({ profiles: fixture.profiles, now: () => clock, fetch: gatedFetch });
    try {
      const id = await fixture.add({ surface: 'serverless', baseUrl: sim.url, key: primaryKey });
      gate = new Promise<void>((resolve) => (open = resolve));
      const before = gated.test(id, { refresh: false });
      await firstRequestHeld;
      await fixture.profiles.update(id, { name: 'renamed' });
      const after = await gated.test(id, { refresh: false });
      open();
      expect(await before).not.toBe(after);
      expect(await gated.test(id, { refresh: false })).toBe(after);
    } finally {
      gated.dispose();
    }
  });

  it('switching the active profile starts over (the Demo server may have moved)', async () => {
    const id = await fixture.add({ surface: 'serverless', baseUrl: sim.url, key: primaryKey });
    const first = await tester.test(id, { refresh: false });
    await fixture.profiles.setActive(id);
    expect(await tester.test(id, { refresh: false })).not.toBe(first);
  });

  it('after dispose, changes are no longer heard', async () => {
    const id = await fixture.add({ surface: 'serverless', baseUrl: sim.url, key: primaryKey });
    tester.dispose();
    await fixture.profiles.setCredential(id, 'other');
    const report = await tester.test(id, { refresh: false });
    expect(report.credentialAccepted).toBe(false);
  });
});

describe('profiles that cannot be tested as they are', () => {
  it('the Demo profile while its server is stopped is a finding, not an error', async () => {
    const report = await tester.test('demo', { refresh: false });
    expect(report).toMatchObject({
      profileId: 'demo',
      reachable: false,
      problem: { code: 'demo_not_running' },
    });
  });

  it('the Demo profile while its server runs is tested at its live address with its own key', async () => {
    fixture.setDemo({ baseUrl: sim.url, credential: primaryKey });
    const report = await tester.test('demo', { refresh: false });
    expect(report).toMatchObject({ reachable: true, credentialAccepted: true, problem: null });
  });

  it('an unknown profile id is the typed not_found error', async () => {
    await expect(tester.test('no-such-profile', { refresh: false })).rejects.toSatisfy(
      (error: unknown) => error instanceof ProfileError && error.code === 'not_found',
    );
  });
});

describe('wired into the core', () => {
  it('profiles.test through the dispatcher returns a report that passes the contract', async () => {
    const core = await createTestCore();
    try {
      const created = await core.dispatcher.call('profiles.create', {
        name: 'Simulator',
        surface: 'serverless',
        baseUrl: sim.url,
      });
      if (!created.ok) throw new Error(created.error.message);
      const profileId = (created.value as { id: string }).id;
      await core.dispatcher.call('profiles.setCredential', { profileId, secret: primaryKey });
      const result = await core.dispatcher.call('profiles.test', { profileId });
      expect(result).toMatchObject({
        ok: true,
        value: { profileId, reachable: true, credentialAccepted: true, problem: null },
      });
    } finally {
      await core.dispose();
    }
  });
});
