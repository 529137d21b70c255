// The taskbar, dock badge and tray with a typed fake of Electron: what they show for work on several
// profiles, and that each is written only when it changes.
import { describe, expect, it } from 'vitest';
import {
  viewOfWork,
  WorkIndicators,
  type BadgeTarget,
  type ProfileWorkLine,
  type ProgressTarget,
  type TrayMenuItem,
  type TrayTarget,
} from './workIndicators';

const line = (overrides: Partial<ProfileWorkLine>): ProfileWorkLine => ({
  profileId: 'p',
  name: 'P',
  batchesSending: 0,
  jobsInFlight: 0,
  failuresSinceLooked: 0,
  sent: { done: 0, total: 0 },
  ...overrides,
});

class FakeTargets implements ProgressTarget, BadgeTarget, TrayTarget {
  readonly progress: number[] = [];
  readonly badges: number[] = [];
  readonly tips: string[] = [];
  readonly menus: (readonly TrayMenuItem[])[] = [];
  setProgressBar(progress: number): void {
    this.progress.push(progress);
  }
  setBadgeCount(count = 0): boolean {
    this.badges.push(count);
    return true;
  }
  setToolTip(toolTip: string): void {
    this.tips.push(toolTip);
  }
  setMenu(items: readonly TrayMenuItem[]): void {
    this.menus.push(items);
  }
}

describe('work indicators', () => {
  it('show the progress of everything sending, failures on the badge, and what runs in the tray', () => {
    const view = viewOfWork([
      line({ profileId: 'a', name: 'Studio', batchesSending: 2, sent: { done: 30, total: 100 } }),
      line({ profileId: 'b', name: 'Local', jobsInFlight: 3, failuresSinceLooked: 2 }),
      line({ profileId: 'c', name: 'Idle' }),
    ]);
    expect(view.progress).toBeCloseTo(0.3);
    expect(view.badge).toBe(2);
    expect(view.menu).toEqual([
      { label: 'Studio: 2 batches sending (30 of 100)', enabled: true, profileId: 'a' },
      { label: 'Local: 3 jobs running, 2 failures', enabled: true, profileId: 'b' },
    ]);
    expect(view.tooltip).toBe(
      'Loupe: Studio: 2 batches sending (30 of 100); Local: 3 jobs running, 2 failures',
    );
  });

  it('take the bar away when nothing sends, and say nothing runs', () => {
    expect(viewOfWork([line({ name: 'Idle' })])).toMatchObject({
      progress: -1,
      badge: 0,
      menu: [{ label: 'Nothing is running', enabled: false }],
    });
  });

  it('write to Electron only when what they show changes', () => {
    const fake = new FakeTargets();
    const indicators = new WorkIndicators(() => fake, fake, fake);
    const sending = [line({ name: 'Studio', batchesSending: 1, sent: { done: 1, total: 4 } })];
    indicators.show(sending);
    indicators.show(sending);
    indicators.show([line({ name: 'Studio', batchesSending: 1, sent: { done: 2, total: 4 } })]);
    indicators.show([line({ name: 'Studio', failuresSinceLooked: 1 })]);
    expect(fake.progress).toEqual([0.25, 0.5, -1]);
    expect(fake.badges).toEqual([0, 1]);
    expect(fake.tips).toHaveLength(3);
    expect(fake.menus.at(-1)).toEqual([{ label: 'Studio: 1 failure', enabled: true, profileId: 'p' }]);
  });

  it('leave a closed window alone', () => {
    const fake = new FakeTargets();
    new WorkIndicators(() => null, fake, null).show([
      line({ batchesSending: 1, sent: { done: 1, total: 2 } }),
    ]);
    expect(fake.progress).toEqual([]);
    expect(fake.badges).toEqual([0]);
  });
});
