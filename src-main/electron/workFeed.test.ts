// The taskbar, badge and tray fed from a real core's profiles.work (a typed fake stands in for Electron's
// targets, whose runtime cannot start here): a batch sending on a profile the window is not showing moves the
// progress bar and names the profile in the tray; a failed job of Loupe's own counts on the badge until that
// profile is shown; a tray line opens its profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failingWorkflow, textToImageWorkflow } from '../simulator/jobs/sampleWorkflows';
import { startFast, type RunningSimulator } from '../core/api/testing/conformance/simulatorHarness';
import { callOk, connectCore, createTestCore, type TestCore } from '../core/app/testing/testCore';
import { until } from '../core/jobs/testing/conformance/jobsHarness';
import { feedWorkIndicators } from './workFeed';
import { WorkIndicators, type TrayMenuItem } from './workIndicators';

class FakeElectron {
  readonly progress: number[] = [];
  readonly badges: number[] = [];
  menu: readonly TrayMenuItem[] = [];
  setProgressBar(progress: number): void {
    this.progress.push(progress);
  }
  setBadgeCount(count = 0): boolean {
    this.badges.push(count);
    return true;
  }
  setToolTip(): void {
    // The tooltip repeats the menu's words; the menu is what is checked.
  }
  setMenu(items: readonly TrayMenuItem[]): void {
    this.menu = items;
  }
}

let sim: RunningSimulator;
let core: TestCore;
let studio: string;
beforeAll(async () => {
  // Slow enough steps that a window of 2 leaves the batch sending for a while.
  sim = await startFast({ surface: 'serverless', timing: { stepMs: 15 } });
  core = await createTestCore();
  studio = await connectCore(core, { surface: 'serverless', baseUrl: sim.url, name: 'Studio' });
  // The window shows another profile all along.
  await callOk(core, 'profiles.setActive', { profileId: 'local' });
});
afterAll(async () => {
  await core.dispose();
  await sim.close();
});

describe('the work feed', () => {
  it('shows a batch sending on another profile, its failures until looked at, and opens the profile', async () => {
    const electron = new FakeElectron();
    const errors: unknown[] = [];
    const feed = feedWorkIndicators(
      core.dispatcher,
      new WorkIndicators(() => electron, electron, electron),
      (_message, error) => errors.push(error),
    );
    try {
      await callOk(core, 'batches.start', {
        profileId: studio,
        workflowJson: JSON.stringify(textToImageWorkflow()),
        axes: [{ kind: 'sweep', text: '3.seed=1,2,3,4,5,6,7,8' }],
        name: 'sweep',
        window: 2,
      });
      await until(() =>
        electron.menu.some((item) => item.label.startsWith('Studio: 1 batch sending')) ? true : null,
      );
      expect(electron.menu.find((item) => item.label.startsWith('Studio'))?.profileId).toBe(studio);
      await until(() => (electron.progress.some((p) => p > 0 && p < 1) ? true : null));

      await callOk(core, 'jobs.submit', {
        profileId: studio,
        workflowJson: JSON.stringify(failingWorkflow()),
      });
      await until(() => (electron.badges.at(-1) === 1 ? true : null), 10_000);
      await until(() => (electron.menu.some((item) => /Studio: .*1 failure/.test(item.label)) ? true : null));
      await until(() => (electron.progress.at(-1) === -1 ? true : null), 15_000);

      await feed.open(studio);
      expect((await callOk(core, 'profiles.list', {})) as { activeProfileId: string }).toMatchObject({
        activeProfileId: studio,
      });
      await callOk(core, 'profiles.markLooked', { profileId: studio });
      await until(() => (electron.badges.at(-1) === 0 ? true : null));
      expect(errors).toEqual([]);
    } finally {
      feed.stop();
    }
  }, 30_000);
});
