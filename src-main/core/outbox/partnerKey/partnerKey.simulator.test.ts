// The proof of issue 20 with real parts: profiles in a store on disk, keys in the real keychain (the Secret
// Service under `sh scripts/with-keyring.sh`; an in-memory one otherwise), the profile's jobs runtime, and the
// simulator over real sockets behind a wire tap per origin that records every request whole. A canary key is
// followed everywhere: with the choice on it reaches the profile's own origin only, in the auth header and in
// `extra_data` of the job POSTs of workflows that use partner nodes (every workflow where the service cannot
// tell), and nowhere else: no other body, no URL, no other origin, not the store's files, not a log, not what
// the renderer receives.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { profileListSchema, type ProfileList } from '../../../../src-shared/contracts/profiles';
import { isTerminalJobStatus, type JobSnapshot } from '../../../../src-shared/contracts/jobs';
import { partnerKeyAdvice } from '../../../../src-shared/partnerNodes';
import { partnerUnauthorizedMessage } from '../../../simulator/jobs/nodeEffects';
import { partnerImageWorkflow, textToImageWorkflow } from '../../../simulator/jobs/sampleWorkflows';
import type { RunningSimulator } from '../../../simulator/server';
import { HttpClient } from '../../api';
import { startFast } from '../../api/testing/conformance/simulatorHarness';
import { listProfiles } from '../../app/profileHandlers';
import { recordPlannedBatch } from '../plannedBatch';
import {
  CredentialVault,
  ProfileService,
  connectionForProfile,
  systemKeychain,
  type KeychainBackend,
  type ProfileInput,
} from '../../profiles';
import { filesContaining } from '../../profiles/testing/diskScan';
import { FakeKeychain } from '../../profiles/testing/fakeKeychain';
import { openStore, type LoupeStore } from '../../store';
import { makeTempDir, type TempDir } from '../../store/testing/tempDir';
import { createProfileJobs, type ProfileJobs } from '../../jobs/profileJobs';
import { fastWatch, until } from '../../jobs/testing/conformance/jobsHarness';
import { occurrences, sightings, startWireTap, type TappedRequest, type WireTap } from '../testing/wireTap';

const canary = `sk-partner-canary-${randomUUID()}`;
const realKeychain = process.env['LOUPE_KEYRING_READY'] === '1';

let dir: TempDir;
let store: LoupeStore;
let profiles: ProfileService;
let managed: RunningSimulator;
let serverless: RunningSimulator;
let selfHosted: RunningSimulator;
/** The managed service's own origin, and the Router origin of the same profiles: two taps, one simulator. */
let api: WireTap;
let router: WireTap;
let deployment: WireTap;
let proxy: WireTap;
const runtimes: ProfileJobs[] = [];
const logged: string[] = [];
let ids = 0;
const newId = (): string => `id-${++ids}-${randomUUID()}`;

function keychain(): KeychainBackend {
  return realKeychain ? systemKeychain(`loupe-partner-${randomUUID()}`) : new FakeKeychain();
}

function allRequests(): TappedRequest[] {
  return [api, router, deployment, proxy].flatMap((tap) => tap.requests);
}

/** A profile with the canary as its key (unless `key` is null), and its jobs runtime. */
async function profileWith(input: ProfileInput, key: string | null = canary): Promise<ProfileJobs> {
  const profile = await profiles.create(input);
  if (key !== null) await profiles.setCredential(profile.id, key);
  const runtime = createProfileJobs(profile.id, await connectionForProfile(profiles, profile.id), store, {
    watch: fastWatch,
    logError: (message, error) =>
      logged.push(
        `${message} ${error instanceof Error ? `${error.message} ${String(error.stack)}` : String(error)}`,
      ),
  });
  runtimes.push(runtime);
  return runtime;
}

async function runToEnd(runtime: ProfileJobs, workflow: Record<string, unknown>): Promise<JobSnapshot> {
  const submitted = await runtime.service.submit({ workflowJson: JSON.stringify(workflow) });
  return until(async () => {
    const job = await runtime.service.get(submitted.id);
    return isTerminalJobStatus(job.status) ? job : null;
  }, 10_000);
}

/** The job POSTs a tap saw, each with its body parsed. */
function jobPosts(tap: WireTap): Array<{ request: TappedRequest; body: Record<string, unknown> }> {
  return tap.requests
    .filter((request) => request.method === 'POST' && /\/api\/v2\/jobs$/.test(request.url))
    .map((request) => ({ request, body: JSON.parse(request.body.toString()) as Record<string, unknown> }));
}

beforeAll(async () => {
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(
        args
          .map((arg) => (arg instanceof Error ? `${arg.message} ${String(arg.stack)}` : String(arg)))
          .join(' '),
      );
    });
  }
  dir = makeTempDir('loupe-partner-key-');
  store = openStore(dir.file('loupe.db'));
  profiles = new ProfileService({ store, vault: new CredentialVault(keychain()), newId });
  [managed, serverless, selfHosted] = await Promise.all([
    startFast({ surface: 'managed', prefix: '/mount', apiKeys: [canary, 'other-account-key'] }),
    startFast({ surface: 'serverless', apiKeys: [canary] }),
    startFast({ surface: 'self-hosted' }),
  ]);
  [api, router, deployment, proxy] = await Promise.all([
    startWireTap(managed.origin),
    startWireTap(managed.origin),
    startWireTap(serverless.origin),
    startWireTap(selfHosted.origin),
  ]);
});

afterAll(async () => {
  await Promise.all(runtimes.map((runtime) => runtime.dispose()));
  for (const profile of await profiles.list()) {
    if (profile.builtIn === undefined) await profiles.remove(profile.id);
  }
  store.close();
  dir.remove();
  await Promise.all([api, router, deployment, proxy].map((tap) => tap.close()));
  await Promise.all([managed, serverless, selfHosted].map((sim) => sim.close()));
  vi.restoreAllMocks();
});

describe('the choice on, a workflow with a partner node (managed)', () => {
  let job: JobSnapshot;
  let runtime: ProfileJobs;

  beforeAll(async () => {
    runtime = await profileWith({
      name: 'Studio',
      surface: 'managed',
      baseUrl: `${api.origin}/mount`,
      routerBaseUrl: `${router.origin}/mount`,
      sendPartnerKey: true,
    });
    job = await runToEnd(runtime, partnerImageWorkflow());
    // More traffic of the same profile that must not carry the key in a body: reads, the workflow, a batch of
    // two partner jobs through the outbox, and a Router call to the profile's other origin.
    await runtime.service.workflow(job.id);
    await runtime.service.list({});
    const batch = recordPlannedBatch(
      { store, profileId: runtime.profileId, surface: 'managed', newId },
      { name: 'partners', plan: {} },
      [0, 1].map((seed) => ({ values: [], workflow: partnerImageWorkflow(`seed ${seed}`) })),
    );
    const done = await runtime.batches.run(batch.id, { window: 2, signal: new AbortController().signal });
    expect(done).toMatchObject({ succeeded: 2, failed: 0 });
    const routerHttp = new HttpClient({
      connection: await connectionForProfile(profiles, runtime.profileId),
    });
    await (await routerHttp.send({ family: 'router', method: 'GET', target: 'v2/models' })).discard();
  });

  it('the partner job succeeds and makes its output', () => {
    expect(job.status).toBe('succeeded');
    expect(job.outputsCount).toBeGreaterThan(0);
    expect(job.error).toBeNull();
  });

  it('the key went in extra_data of each job POST, once, and in no other body', () => {
    const posts = jobPosts(api);
    expect(posts).toHaveLength(3);
    for (const { request, body } of posts) {
      expect(body.extra_data).toEqual({ api_key_svc_org: canary });
      expect(occurrences(request.body.toString(), canary)).toBe(1);
    }
    const bodies = sightings(allRequests(), canary).filter((seen) => seen.where === 'body');
    expect(bodies).toHaveLength(3);
    expect(bodies.every((seen) => seen.origin === api.origin && seen.method === 'POST')).toBe(true);
    expect(new Set(bodies.map((seen) => seen.path))).toEqual(new Set(['/mount/api/v2/jobs']));
  });

  it('the key is in no URL, and in no header but the auth headers of its own origins', () => {
    const seen = sightings(allRequests(), canary);
    expect(seen.filter((where) => where.where === 'url')).toEqual([]);
    const headers = seen.filter((where) => where.where.startsWith('header:'));
    expect(new Set(headers.map((where) => where.where))).toEqual(
      new Set(['header:authorization', 'header:x-api-key']),
    );
  });

  it("the Router origin got the key only as the Router's auth header, never in a body", () => {
    expect(router.requests.length).toBeGreaterThan(0);
    const seen = sightings(router.requests, canary);
    expect(seen.map((where) => where.where)).toEqual(['header:x-api-key']);
    expect(jobPosts(router)).toEqual([]);
  });

  it('which nodes are partner nodes was asked of the profile\u2019s own service, once', () => {
    const asked = api.requests.filter((request) => request.url === '/mount/api/object_info');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.body.length).toBe(0);
  });

  it("the outbox recorded each submission without the key, and the service's answers never held it", () => {
    const batches = store.batches.list(runtime.profileId).rows;
    const items = batches.flatMap((batch) => store.batchItems.listForBatch(batch.id).rows);
    // The submission (a batch of one) and the two planned items, each recorded before it was sent.
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(item.state).toBe('created');
      expect(item.request).not.toHaveProperty('extra_data');
      expect(JSON.stringify(item)).not.toContain(canary);
    }
    expect(JSON.stringify(job)).not.toContain(canary);
  });
});

describe('the choice off, a workflow with a partner node (managed)', () => {
  let job: JobSnapshot;

  beforeAll(async () => {
    const before = jobPosts(api).length;
    const runtime = await profileWith({ name: 'Off', surface: 'managed', baseUrl: `${api.origin}/mount` });
    job = await runToEnd(runtime, partnerImageWorkflow());
    const posts = jobPosts(api).slice(before);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).not.toHaveProperty('extra_data');
  });

  it("the job fails with the service's message, and Loupe says what to turn on", async () => {
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ message: partnerUnauthorizedMessage, classType: 'PartnerImageNode' });
    const profile = (await profiles.list()).find((candidate) => candidate.name === 'Off');
    expect(profile).toMatchObject({ sendPartnerKey: false, hasCredential: true });
    expect(job.error && profile && partnerKeyAdvice(job.error, profile)).toBe('turn-on');
  });
});

describe('the choice on, a workflow without partner nodes', () => {
  it('where object_info says which nodes are partner nodes (managed): the key does not go', async () => {
    const before = jobPosts(api).length;
    const runtime = await profileWith({
      name: 'Local only',
      surface: 'managed',
      baseUrl: `${api.origin}/mount`,
      sendPartnerKey: true,
    });
    const job = await runToEnd(runtime, textToImageWorkflow({ steps: 1 }));
    expect(job.status).toBe('succeeded');
    const posts = jobPosts(api).slice(before);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).not.toHaveProperty('extra_data');
    expect(posts[0]?.request.body.toString()).not.toContain(canary);
  });

  it('where the service cannot tell (serverless, no object_info): the key goes with every submission', async () => {
    const runtime = await profileWith({
      name: 'Deployment',
      surface: 'serverless',
      baseUrl: deployment.origin,
      sendPartnerKey: true,
    });
    const job = await runToEnd(runtime, textToImageWorkflow({ steps: 1 }));
    expect(job.status).toBe('succeeded');
    // It asked, and the deployment has no such route.
    expect(deployment.requests.some((request) => request.url === '/api/object_info')).toBe(true);
    const posts = jobPosts(deployment);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body.extra_data).toEqual({ api_key_svc_org: canary });
    const bodies = sightings(deployment.requests, canary).filter((seen) => seen.where === 'body');
    expect(bodies.map((seen) => `${seen.method} ${seen.path}`)).toEqual(['POST /api/v2/jobs']);
  });
});

describe('the choice on, no key saved (an open self-hosted proxy)', () => {
  it('submits without a key, and when the partner node then fails says the key is missing', async () => {
    const runtime = await profileWith(
      { name: 'Proxy', surface: 'self-hosted', baseUrl: proxy.origin, sendPartnerKey: true },
      null,
    );
    const job = await runToEnd(runtime, partnerImageWorkflow());
    expect(jobPosts(proxy)[0]?.body).not.toHaveProperty('extra_data');
    expect(job.status).toBe('failed');
    expect(job.error?.message).toBe(partnerUnauthorizedMessage);
    const profile = (await profiles.list()).find((candidate) => candidate.name === 'Proxy');
    expect(profile).toMatchObject({ sendPartnerKey: true, hasCredential: false });
    expect(job.error && profile && partnerKeyAdvice(job.error, profile)).toBe('save-key');
  });
});

describe('where the key never is', () => {
  it('in what the renderer receives: the profile list holds the choice, never a key', async () => {
    const list: ProfileList = profileListSchema.parse(await listProfiles(profiles));
    expect(JSON.stringify(list)).not.toContain(canary);
    for (const profile of list.profiles) {
      expect(typeof profile.sendPartnerKey).toBe('boolean');
      expect(
        Object.keys(profile).every((field) => !/secret|key$/i.test(field) || field === 'sendPartnerKey'),
      ).toBe(true);
    }
  });

  it("in the store's files: the database, its WAL and shared memory, read as bytes", () => {
    expect(existsSync(dir.file('loupe.db-wal'))).toBe(true);
    expect(filesContaining(dir.path, canary)).toEqual([]);
  });

  it('in anything logged', () => {
    expect(logged.join('\n')).not.toContain(canary);
  });

  it(`in the keychain only (${realKeychain ? 'the Secret Service' : 'in memory: run under with-keyring.sh for the real one'})`, async () => {
    const studio = (await profiles.list()).find((profile) => profile.name === 'Studio');
    expect(studio?.hasCredential).toBe(true);
    expect((await profiles.readCredential(studio?.id ?? ''))?.secret).toBe(canary);
  });
});
