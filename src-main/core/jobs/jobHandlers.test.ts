// jobs.* through the contract dispatcher of a real core: the named profile's service answers, streams carry
// watch events and row updates, and which profile the window shows changes nothing (profiles are scopes).
import { afterEach, describe, expect, it } from 'vitest';
import type { JobListPage, JobSnapshot, JobWatchEvent } from '../../../src-shared/contracts/jobs';
import type { StreamMessage } from '../../../src-shared/protocol';
import { createDemoLauncher } from '../../simulator/demoLauncher';
import { textAndLatentWorkflow } from '../../simulator/jobs/sampleWorkflows';
import { startFast, type RunningSimulator } from '../api/testing/conformance/simulatorHarness';
import { until } from './testing/conformance/jobsHarness';
import { createTestCore, type TestCore } from '../app/testing/testCore';

let core: TestCore | null = null;
const sims: RunningSimulator[] = [];
afterEach(async () => {
  await core?.dispose();
  core = null;
  await Promise.all(sims.splice(0).map((sim) => sim.close()));
});

async function profileFor(target: TestCore, surface: 'serverless' | 'managed'): Promise<string> {
  const sim = await startFast({ surface });
  sims.push(sim);
  const profile = await target.profiles.create({ name: surface, surface, baseUrl: sim.url });
  await target.profiles.setCredential(profile.id, 'demo-key');
  return profile.id;
}

function subscribe(target: TestCore, owner: object, name: string, id: string, args: unknown) {
  const messages: StreamMessage[] = [];
  const result = target.dispatcher.subscribe(owner, name, id, args, (message) => messages.push(message));
  expect(result).toEqual({ ok: true, value: null });
  return {
    messages,
    events: () => messages.flatMap((m) => (m.type === 'event' ? [m.event as JobWatchEvent] : [])),
    ended: () => messages.find((m) => m.type === 'end') ?? null,
  };
}

describe('jobs.* through the contract', () => {
  it('submits, lists, watches live and streams row updates for the profile each call names', async () => {
    core = await createTestCore();
    const owner = {};
    const profileId = await profileFor(core, 'serverless');
    // A call must name its profile, and one that exists; none is "active" for it.
    expect(await core.dispatcher.call('jobs.list', {})).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
    expect(await core.dispatcher.call('jobs.list', { profileId: 'no-such-profile' })).toMatchObject({
      ok: false,
      error: { code: 'profile_not_found' },
    });
    // rememberedOnly is a boolean, nothing else.
    for (const rememberedOnly of ['yes', 1, null, {}]) {
      expect(await core.dispatcher.call('jobs.list', { profileId, rememberedOnly })).toMatchObject({
        ok: false,
        error: { code: 'invalid_arguments' },
      });
    }
    const updates = subscribe(core, owner, 'jobs.updates', 'updates-one', { profileId });

    const submitted = await core.dispatcher.call('jobs.submit', {
      profileId,
      workflowJson: JSON.stringify(textAndLatentWorkflow()),
    });
    expect(submitted.ok).toBe(true);
    const job = (submitted.ok ? submitted.value : null) as JobSnapshot;
    expect(job).toMatchObject({ profileId, submittedByUs: true });

    const watch = subscribe(core, owner, 'jobs.watch', 'watch-one', {
      profileId,
      jobId: job.id,
      live: true,
    });
    await until(() =>
      watch.events().some((event) => event.type === 'snapshot' && event.job.status === 'succeeded')
        ? true
        : null,
    );
    await until(() =>
      updates
        .events()
        .some(
          (event) =>
            'jobs' in event &&
            (event as { jobs: { id: string; status: string }[] }).jobs.some(
              (row) => row.id === job.id && row.status === 'succeeded',
            ),
        )
        ? true
        : null,
    );
    const listed = await core.dispatcher.call('jobs.list', { profileId, limit: 10 });
    expect(listed.ok && (listed.value as JobListPage).jobs.map((row) => row.id)).toEqual([job.id]);
    expect(await core.dispatcher.call('jobs.logs', { profileId, jobId: job.id })).toMatchObject({
      ok: true,
      value: { state: 'available' },
    });

    const ui = await core.dispatcher.call('jobs.submit', {
      profileId,
      workflowJson: '{"nodes":[],"links":[]}',
    });
    expect(ui).toMatchObject({ ok: false, error: { code: 'workflow_format_ui' } });
    core.dispatcher.disposeOwner(owner);
  });

  it('showing another profile ends nothing: the first profile’s watch goes on to the end', async () => {
    core = await createTestCore();
    const owner = {};
    const serverless = await profileFor(core, 'serverless');
    const managed = await profileFor(core, 'managed');
    await core.dispatcher.call('profiles.setActive', { profileId: serverless });
    const submitted = await core.dispatcher.call('jobs.submit', {
      profileId: serverless,
      workflowJson: JSON.stringify(textAndLatentWorkflow()),
    });
    const job = (submitted.ok ? submitted.value : null) as JobSnapshot;
    const watch = subscribe(core, owner, 'jobs.watch', 'watch-two', {
      profileId: serverless,
      jobId: job.id,
      live: false,
    });
    await until(() => (watch.events().length > 0 ? true : null));

    await core.dispatcher.call('profiles.setActive', { profileId: managed });
    // The other profile answers for itself…
    const listed = await core.dispatcher.call('jobs.list', { profileId: managed });
    expect(listed).toMatchObject({ ok: true, value: { source: 'v1', jobs: [] } });
    // …while the first one's job is still followed to its end, its stream open.
    await until(() =>
      watch.events().some((event) => event.type === 'snapshot' && event.job.status === 'succeeded')
        ? true
        : null,
    );
    expect(watch.ended()).toBeNull();
    const first = await core.dispatcher.call('jobs.list', { profileId: serverless });
    expect(first.ok && (first.value as JobListPage).jobs.map((row) => row.id)).toEqual([job.id]);
    core.dispatcher.disposeOwner(owner);
  });

  it('the Demo profile lists its seeded jobs', async () => {
    core = await createTestCore({ demo: createDemoLauncher() });
    const listed = await core.dispatcher.call('jobs.list', { profileId: 'demo', limit: 50 });
    expect(listed.ok).toBe(true);
    const page = (listed.ok ? listed.value : null) as JobListPage;
    expect(page.source).toBe('service');
    expect(page.jobs.length).toBeGreaterThan(5);
  });
});
