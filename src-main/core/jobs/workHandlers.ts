// profiles.work and profiles.markLooked: what runs on every profile, for the window's profile picker and status
// bar (and, in Electron, the taskbar and tray through the same ProfileRuntimes). A change is passed on at most
// every WORK_INTERVAL_MS: a batch of 1,000 items moves the counts on every answer, and the picker needs no more.
import type { ProfileWorkEvent } from '../../../src-shared/contracts/profiles';
import type { CallHandlers, StreamHandlers } from '../rpc/dispatcher';
import type { ProfileRuntimes } from './profileRuntimes';

export const WORK_INTERVAL_MS = 250;

export type WorkHandlers = Pick<CallHandlers, 'profiles.markLooked'> & Pick<StreamHandlers, 'profiles.work'>;

export function createWorkHandlers(
  runtimes: Pick<ProfileRuntimes, 'work' | 'onWork' | 'markLooked'>,
  intervalMs = WORK_INTERVAL_MS,
): WorkHandlers {
  return {
    'profiles.markLooked': ({ profileId }) => {
      runtimes.markLooked(profileId);
      return { profileId };
    },
    'profiles.work': (_args, sink) => {
      const snapshot = (): ProfileWorkEvent => ({ profiles: runtimes.work() });
      let timer: ReturnType<typeof setTimeout> | null = null;
      let lastSentMs = 0;
      const send = (): void => {
        timer = null;
        lastSentMs = Date.now();
        sink.emit(snapshot());
      };
      send();
      const stop = runtimes.onWork(() => {
        if (timer !== null) return;
        const wait = lastSentMs + intervalMs - Date.now();
        if (wait <= 0) return send();
        // The latest state always goes out: a change inside the interval is sent when it ends.
        timer = setTimeout(send, wait);
      });
      return () => {
        stop();
        if (timer !== null) clearTimeout(timer);
      };
    },
  };
}
