// Connection tests against the simulator on each surface, through real sockets: what each surface offers,
// and how a test reads a closed port, a wrong key, an older self-hosted build, a mount prefix and a Router
// that is not there.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  closedPort,
  otherKey,
  primaryKey,
  setFaults,
  startFast,
  type RunningSimulator,
} from '../api/testing/conformance/simulatorHarness';
import { connectionReportSchema, type ConnectionReport } from '../../../src-shared/contract';
import { createConnectionTester, type DisposableConnectionTester } from './connectionTester';
import { profileFixture, type ProfileFixture } from './testing/profileFixture';

let serverless: RunningSimulator;
let emptyServerless: RunningSimulator;
let managed: RunningSimulator;
let selfHosted: RunningSimulator;
let legacy: RunningSimulator;
let mounted: RunningSimulator;
let fixture: ProfileFixture;
let tester: DisposableConnectionTester;

beforeAll(async () => {
  [serverless, emptyServerless, managed, selfHosted, legacy, mounted] = await Promise.all([
    startFast({ surface: 'serverless', seed: true }),
    startFast({ surface: 'serverless' }),
    startFast({ surface: 'managed', seed: true }),
    startFast({ surface: 'self-hosted', seed: true }),
    startFast({ surface: 'self-hosted', legacySelfHosted: true }),
    startFast({ surface: 'serverless', prefix: '/mount', seed: true }),
  ]);
});
afterAll(async () => {
  await Promise.all(
    [serverless, emptyServerless, managed, selfHosted, legacy, mounted].map((sim) => sim.close()),
  );
});
beforeEach(() => {
  fixture = profileFixture();
  // Generous: these cases prove what a reachable service reports, not speed; the suite runs two files at a
  // time on two cores, and a probe answered in 2.1 s there is not a timeout worth failing on.
  tester = createConnectionTester({ profiles: fixture.profiles, probeTimeoutMs: 10_000 });
});
afterEach(() => {
  tester.dispose();
  fixture.dispose();
});

async function testProfile(input: Parameters<ProfileFixture['add']>[0]): Promise<ConnectionReport> {
  const id = await fixture.add(input);
  const report = await tester.test(id, { refresh: false });
  // Whatever the answer, it must cross the contract as it is.
  expect(connectionReportSchema.safeParse(report).success).toBe(true);
  expect(report.profileId).toBe(id);
  return report;
}

describe('each surface', () => {
  it('serverless: lists jobs, captures logs (urls.logs on a real job), streams events, has the Router', async () => {
    const report = await testProfile({ surface: 'serverless', baseUrl: serverless.url, key: primaryKey });
    expect(report).toMatchObject({
      reachable: true,
      credentialAccepted: true,
      capabilities: { listsJobs: true, capturesLogs: true, streamsEvents: true, router: true },
      problem: null,
    });
    expect(report.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('managed: 501 on the list, yet a job found through v1 shows no logs link and a live stream', async () => {
    const report = await testProfile({ surface: 'managed', baseUrl: managed.url, key: primaryKey });
    expect(report).toMatchObject({
      reachable: true,
      credentialAccepted: true,
      capabilities: { listsJobs: false, capturesLogs: false, streamsEvents: true, router: true },
      problem: null,
    });
  });

  it('self-hosted without a token: no credential needed (null), lists, captures no logs, streams', async () => {
    const report = await testProfile({ surface: 'self-hosted', baseUrl: selfHosted.url });
    expect(report).toMatchObject({
      reachable: true,
      credentialAccepted: null,
      capabilities: { listsJobs: true, capturesLogs: false, streamsEvents: true, router: true },
      problem: null,
    });
  });

  it('an older self-hosted build: the routing 404 on the list means no listing and no logs, not a failure', async () => {
    const report = await testProfile({ surface: 'self-hosted', baseUrl: legacy.url });
    expect(report).toMatchObject({
      reachable: true,
      credentialAccepted: null,
      capabilities: { listsJobs: false, capturesLogs: false, streamsEvents: null, router: true },
      problem: null,
    });
  });

  it('serverless with no jobs yet: log capture is inferred from the surface, streaming stays unknown', async () => {
    const report = await testProfile({
      surface: 'serverless',
      baseUrl: emptyServerless.url,
      key: primaryKey,
    });
    expect(report.capabilities).toEqual({
      listsJobs: true,
      capturesLogs: true,
      streamsEvents: null,
      router: true,
    });
  });
});

describe('addresses', () => {
  it('a mount prefix in the address reaches the service and follows its prefixed links', async () => {
    const report = await testProfile({ surface: 'serverless', baseUrl: mounted.url, key: primaryKey });
    expect(mounted.url.endsWith('/mount')).toBe(true);
    expect(report).toMatchObject({
      reachable: true,
      credentialAccepted: true,
      capabilities: { listsJobs: true, capturesLogs: true, streamsEvents: true, router: true },
      problem: null,
    });
  });

  it('the same service without its prefix: something answers, but not the job API', async () => {
    const report = await testProfile({ surface: 'serverless', baseUrl: mounted.origin, key: primaryKey });
    expect(report.reachable).toBe(true);
    expect(report.problem?.code).toBe('not_the_service');
    expect(report.problem?.message).toContain('mount prefix');
  });

  it('a closed port: unreachable, and the message says what to do', async () => {
    const port = await closedPort();
    const report = await testProfile({ surface: 'self-hosted', baseUrl: `http://127.0.0.1:${port}` });
    expect(report).toMatchObject({
      reachable: false,
      credentialAccepted: null,
      latencyMs: null,
      capabilities: { listsJobs: null, capturesLogs: null, streamsEvents: null, router: null },
      problem: {
        code: 'unreachable',
        message: `Nothing answers at 127.0.0.1:${port}. Start the local proxy, or pick another profile.`,
      },
    });
  });

  it('a Router base where no Router answers (404): router false, the rest unaffected', async () => {
    const report = await testProfile({
      surface: 'serverless',
      baseUrl: serverless.url,
      routerBaseUrl: `${serverless.origin}/no-router-here`,
      key: primaryKey,
    });
    expect(report.capabilities.router).toBe(false);
    expect(report.capabilities.listsJobs).toBe(true);
  });
});

describe('credentials', () => {
  it('a wrong key is rejected: reachable, credentialAccepted false, and what to do', async () => {
    const report = await testProfile({ surface: 'serverless', baseUrl: serverless.url, key: 'wrong-key' });
    expect(report).toMatchObject({ reachable: true, credentialAccepted: false });
    expect(report.problem?.code).toBe('credential_rejected');
    expect(report.problem?.message).toContain('Check the key');
    expect(report.capabilities.listsJobs).toBeNull();
  });

  it('no key where one is needed says to add one', async () => {
    const report = await testProfile({ surface: 'managed', baseUrl: managed.url });
    expect(report).toMatchObject({ reachable: true, credentialAccepted: false });
    expect(report.problem?.code).toBe('credential_missing');
  });

  it("on managed the credential is checked past the list's 501 (a job read that cannot exist)", async () => {
    const report = await testProfile({ surface: 'managed', baseUrl: managed.url, key: 'not-a-key' });
    expect(report.credentialAccepted).toBe(false);
    expect(report.problem?.code).toBe('credential_rejected');
  });

  it("another account's key is accepted and sees that account's (empty) history", async () => {
    const report = await testProfile({ surface: 'managed', baseUrl: managed.url, key: otherKey });
    expect(report.credentialAccepted).toBe(true);
    // No job of its own to look at: the managed surface is documented to capture no logs.
    expect(report.capabilities).toMatchObject({ listsJobs: false, capturesLogs: false, streamsEvents: null });
  });
});

describe('a service in trouble', () => {
  it('a 5xx on the probe is reported as the service having a problem, not as unreachable', async () => {
    const sim = await startFast({ surface: 'serverless' });
    try {
      await setFaults(sim, { upstreamError: { routes: ['GET /api/v2/jobs'] } });
      const report = await testProfile({ surface: 'serverless', baseUrl: sim.url, key: primaryKey });
      expect(report).toMatchObject({ reachable: true, credentialAccepted: null });
      expect(report.problem?.code).toBe('service_error');
    } finally {
      await sim.close();
    }
  });

  it('a key the service was too busy to check: no verdict, and a problem that says why', async () => {
    const sim = await startFast({ surface: 'managed', faults: { rateLimited: true } });
    try {
      const report = await testProfile({ surface: 'managed', baseUrl: sim.url, key: primaryKey });
      expect(report).toMatchObject({ reachable: true, credentialAccepted: null });
      expect(report.problem).toMatchObject({
        code: 'busy',
        message: expect.stringContaining('The API key could not be checked') as unknown,
      });
    } finally {
      await sim.close();
    }
  });

  it('a service slower than the probe time limit is reported as a timeout', async () => {
    const sim = await startFast({ surface: 'self-hosted', faults: { delayMs: 400 } });
    const quick = createConnectionTester({ profiles: fixture.profiles, probeTimeoutMs: 100 });
    try {
      const id = await fixture.add({ surface: 'self-hosted', baseUrl: sim.url });
      const report = await quick.test(id, { refresh: false });
      expect(report.reachable).toBe(false);
      expect(report.problem?.code).toBe('timeout');
    } finally {
      quick.dispose();
      await sim.close();
    }
  });
});
