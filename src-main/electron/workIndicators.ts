// What runs on every profile, shown outside the window (issue 20): the taskbar/dock progress of everything
// sending (BrowserWindow.setProgressBar), the count of failures since last looked on the dock badge
// (app.setBadgeCount), and a tray menu that lists what runs, each line opening that profile. Written against the
// few Electron calls it needs, proven below to be satisfied by Electron's own declarations, so it is tested with
// a typed fake (the Electron runtime cannot start here).
import type { BrowserWindow, Tray } from 'electron';
import type { ProfileWork } from '../../src-shared/contracts/profiles';
import { isBusy, workParts } from '../../src-shared/profileWork';

/** One profile's work, as core reports it (profiles.work), with the profile's name. */
export interface ProfileWorkLine extends ProfileWork {
  name: string;
}

export interface ProgressTarget {
  setProgressBar(progress: number): void;
}

export interface BadgeTarget {
  setBadgeCount(count?: number): boolean;
}

export interface TrayMenuItem {
  label: string;
  enabled: boolean;
  /** The profile the line opens; absent for a heading. */
  profileId?: string;
}

export interface TrayTarget {
  setToolTip(toolTip: string): void;
  /** Builds the menu from the items (main.ts turns them into Electron's Menu). */
  setMenu(items: readonly TrayMenuItem[]): void;
}

export interface WorkView {
  /** 0..1 while something sends; -1 takes the bar away. */
  progress: number;
  badge: number;
  tooltip: string;
  menu: TrayMenuItem[];
}

/** What the indicators should show for this work (pure: the tests read it directly). */
export function viewOfWork(lines: readonly ProfileWorkLine[]): WorkView {
  const sending = lines.filter((line) => line.batchesSending > 0);
  const done = sending.reduce((sum, line) => sum + line.sent.done, 0);
  const total = sending.reduce((sum, line) => sum + line.sent.total, 0);
  const badge = lines.reduce((sum, line) => sum + line.failuresSinceLooked, 0);
  const busy = lines.filter(isBusy);
  const menu: TrayMenuItem[] =
    busy.length === 0
      ? [{ label: 'Nothing is running', enabled: false }]
      : busy.map((line) => ({
          label: `${line.name}: ${describeLine(line)}`,
          enabled: true,
          profileId: line.profileId,
        }));
  const tooltip =
    busy.length === 0
      ? 'Loupe'
      : `Loupe: ${busy.map((line) => `${line.name}: ${describeLine(line)}`).join('; ')}`;
  return { progress: total === 0 ? -1 : Math.min(1, done / total), badge, tooltip, menu };
}

function describeLine(line: ProfileWorkLine): string {
  return workParts(line)
    .map((part) => part.text)
    .join(', ');
}

/** Shows work on the taskbar, the badge and the tray, writing each only when what it shows changes. */
export class WorkIndicators {
  private last: WorkView | null = null;

  constructor(
    private readonly window: () => ProgressTarget | null,
    private readonly badge: BadgeTarget,
    private readonly tray: TrayTarget | null,
  ) {}

  show(lines: readonly ProfileWorkLine[]): WorkView {
    const view = viewOfWork(lines);
    const last = this.last;
    if (last?.progress !== view.progress) this.window()?.setProgressBar(view.progress);
    if (last?.badge !== view.badge) this.badge.setBadgeCount(view.badge);
    if (this.tray !== null && (last === null || last.tooltip !== view.tooltip)) {
      this.tray.setToolTip(view.tooltip);
      this.tray.setMenu(view.menu);
    }
    this.last = view;
    return view;
  }
}

type Assert<T extends true> = T;
export type ElectronSatisfiesWorkTargets = [
  Assert<BrowserWindow extends ProgressTarget ? true : false>,
  Assert<Electron.App extends BadgeTarget ? true : false>,
  Assert<Tray extends Pick<TrayTarget, 'setToolTip'> ? true : false>,
];
