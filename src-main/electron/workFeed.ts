// Feeds the taskbar, badge and tray (workIndicators.ts) from core's profiles.work stream, through the same
// dispatcher the window uses, so Electron's indicators and the window's picker can never disagree. Names come
// from profiles.list, read again when the profiles change. A tray line opens its profile in the window.
import type { ProfileWorkEvent } from '../../src-shared/contracts/profiles';
import { profileListSchema, profileWorkEventSchema } from '../../src-shared/contracts/profiles';
import type { CallResult, StreamMessage } from '../../src-shared/protocol';
import type { ProfileWorkLine, WorkIndicators } from './workIndicators';

/** The part of the contract dispatcher the feed uses (main's own owner, never a window's). */
export interface WorkSource {
  call(name: string, args: unknown): Promise<CallResult<unknown>>;
  subscribe(
    owner: object,
    name: string,
    subscriptionId: unknown,
    args: unknown,
    send: (message: StreamMessage) => void,
  ): CallResult<null>;
  unsubscribe(owner: object, subscriptionId: string): void;
}

export interface WorkFeed {
  /** Shows the profile in the window (a tray line was chosen). */
  open(profileId: string): Promise<void>;
  stop(): void;
}

export function feedWorkIndicators(
  source: WorkSource,
  indicators: Pick<WorkIndicators, 'show'>,
  logError: (message: string, error: unknown) => void,
): WorkFeed {
  const owner = {};
  let names = new Map<string, string>();
  let latest: ProfileWorkEvent = { profiles: [] };
  const show = (): void => {
    const lines: ProfileWorkLine[] = latest.profiles.map((work) => ({
      ...work,
      name: names.get(work.profileId) ?? 'A removed profile',
    }));
    indicators.show(lines);
  };
  const readNames = async (): Promise<void> => {
    const listed = await source.call('profiles.list', {});
    if (!listed.ok) return;
    const parsed = profileListSchema.safeParse(listed.value);
    if (parsed.success) names = new Map(parsed.data.profiles.map((p) => [p.id, p.name]));
  };
  const refresh = (): void => {
    readNames()
      .then(show)
      .catch((error: unknown) => logError('The taskbar could not read the profiles', error));
  };
  const subscribed = [
    source.subscribe(owner, 'profiles.work', 'electron-work-feed', {}, (message) => {
      if (message.type !== 'event') return;
      const parsed = profileWorkEventSchema.safeParse(message.event);
      if (!parsed.success) return;
      latest = parsed.data;
      // A profile not named yet (made since the last read) sends for its name first.
      if (latest.profiles.some((work) => !names.has(work.profileId))) refresh();
      else show();
    }),
    source.subscribe(owner, 'profiles.changes', 'electron-work-names', {}, (message) => {
      if (message.type === 'event') refresh();
    }),
  ];
  for (const answer of subscribed)
    if (!answer.ok) logError('The taskbar cannot follow work', new Error(answer.error.message));
  refresh();
  return {
    open: async (profileId) => {
      const shown = await source.call('profiles.setActive', { profileId });
      if (!shown.ok) logError('The tray could not open that profile', new Error(shown.error.message));
    },
    stop: () => {
      source.unsubscribe(owner, 'electron-work-feed');
      source.unsubscribe(owner, 'electron-work-names');
    },
  };
}
