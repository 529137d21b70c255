// `loupe profiles test` against the simulator, through core's connection test: what each surface offers,
// how a refusal or silence is explained, and the exit code a script branches on. A saved profile's test
// is in profiles.e2e.test.ts; these use the environment (LOUPE_BASE_URL …).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../core/api/testing/conformance/simulatorHarness';
import type { RunningSimulator } from '../simulator/server';
import { startFast } from '../simulator/testing/testKit';
import { cli, simulatorEnv } from './testing/cliHarness';

describe('loupe profiles test', () => {
  let managed: RunningSimulator;
  let proxy: RunningSimulator;
  let tokenProxy: RunningSimulator;

  beforeAll(async () => {
    [managed, proxy, tokenProxy] = await Promise.all([
      startFast({ surface: 'managed', seed: true }),
      startFast({ surface: 'self-hosted', seed: true }),
      startFast({ surface: 'self-hosted', apiKeys: ['proxy-token'] }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([managed, proxy, tokenProxy].map((sim) => sim.close()));
  });

  it('a managed service: key accepted, no v2 list (501), no logs, live events and the Router; exit 0', async () => {
    const env = simulatorEnv(managed.url, 'managed', 'demo-key');
    const human = await cli(['profiles', 'test'], { env });
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(`LOUPE_BASE_URL: managed at ${managed.url}`);
    expect(human.stdout).toMatch(/ {2}reachable {4}yes \(\d+ ms\)/);
    expect(human.stdout).toContain('  credential   accepted\n');
    expect(human.stdout).toContain('  lists jobs   no (Loupe falls back to the v1 list or local history)\n');
    expect(human.stdout).toContain('  logs         no (this service keeps no job logs)\n');
    expect(human.stdout).toContain('  live events  yes\n');
    expect(human.stdout).toContain('  Router       yes\n');
    expect(human.stdout).not.toContain('problem');

    const json = await cli(['profiles', 'test', '--json'], { env });
    expect(json.code).toBe(0);
    expect(json.json()).toEqual([
      {
        profile: 'LOUPE_BASE_URL',
        ok: true,
        baseUrl: managed.url,
        surface: 'managed',
        reachable: true,
        credential: 'accepted',
        credentialAccepted: true,
        latencyMs: expect.any(Number) as unknown,
        capabilities: { listsJobs: false, capturesLogs: false, streamsEvents: true, router: true },
        problem: null,
      },
    ]);
  });

  it('a self-hosted proxy that needs no key: none sent, none needed; exit 0', async () => {
    const env = simulatorEnv(proxy.url, 'self-hosted', null);
    const human = await cli(['profiles', 'test'], { env });
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('  credential   none sent, none needed\n');
    expect(human.stdout).toContain('  lists jobs   yes\n');

    const json = await cli(['profiles', 'test', '--json'], { env });
    expect(json.code).toBe(0);
    expect(json.json()[0]).toMatchObject({
      ok: true,
      surface: 'self-hosted',
      reachable: true,
      credential: 'not-needed',
      credentialAccepted: null,
      capabilities: { listsJobs: true, capturesLogs: false, streamsEvents: true, router: true },
      problem: null,
    });
  });

  it('a proxy that wants a token and got none: the key is missing, and what to do; exit 1', async () => {
    const run = await cli(['profiles', 'test', '--json'], {
      env: simulatorEnv(tokenProxy.url, 'self-hosted', null),
    });
    expect(run.code).toBe(1);
    expect(run.json()[0]).toMatchObject({
      ok: false,
      reachable: true,
      credential: 'rejected',
      problem: { code: 'credential_missing', hint: expect.stringContaining('LOUPE_API_KEY') as unknown },
    });
  });

  it('an unreachable server: reachable no, the problem in words with its code and next step; exit 1', async () => {
    const port = await closedPort();
    const env = { LOUPE_BASE_URL: `http://127.0.0.1:${port}`, LOUPE_SURFACE: 'self-hosted' };
    const human = await cli(['profiles', 'test'], { env });
    expect(human.code).toBe(1);
    expect(human.stdout).toContain('  reachable    no\n');
    expect(human.stdout).not.toContain('credential');
    expect(human.stdout).toContain(
      `  problem      unreachable: Nothing answers at 127.0.0.1:${port}. Start the local proxy, or pick another profile.`,
    );

    const json = await cli(['profiles', 'test', '--json'], { env });
    expect(json.code).toBe(1);
    expect(json.json()[0]).toMatchObject({
      ok: false,
      reachable: false,
      credential: 'unknown',
      latencyMs: null,
      capabilities: { listsJobs: null, capturesLogs: null, streamsEvents: null, router: null },
      problem: { code: 'unreachable' },
    });
  });

  it('a key the service was too busy to check is "could not be checked", never "none needed"; exit 1', async () => {
    const busy = await startFast({ surface: 'managed', faults: { rateLimited: true } });
    try {
      const run = await cli(['profiles', 'test'], { env: simulatorEnv(busy.url, 'managed', 'demo-key') });
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('  credential   could not be checked\n');
    } finally {
      await busy.close();
    }
  });

  it('sends its requests through the injected fetch', async () => {
    const seen: string[] = [];
    const watching: typeof fetch = (input, init) => {
      seen.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    };
    const run = await cli(['profiles', 'test'], {
      env: simulatorEnv(proxy.url, 'self-hosted', null),
      fetch: watching,
    });
    expect(run.code).toBe(0);
    expect(seen).toContain(`${proxy.url}/api/v2/jobs?limit=1`);
  });

  it('stops on Ctrl-C with exit 130 instead of waiting for a slow service', async () => {
    const slow = await startFast({ surface: 'self-hosted', faults: { delayMs: 3_000 } });
    try {
      const interrupt = new AbortController();
      setTimeout(() => interrupt.abort(new DOMException('Interrupted', 'AbortError')), 100);
      const started = Date.now();
      const run = await cli(['profiles', 'test'], {
        env: simulatorEnv(slow.url, 'self-hosted', null),
        signal: interrupt.signal,
      });
      expect(run.code).toBe(130);
      expect(run.stderr).toContain('interrupted');
      expect(run.stdout).toBe('');
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await slow.close();
    }
  });
});
