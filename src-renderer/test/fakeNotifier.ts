import {
  setDesktopNotifier,
  type DesktopNotice,
  type NotificationPermissionState,
} from '../lib/desktopNotifier';

/** Replaces the desktop notifier for a test; records what was asked and shown. */
export function fakeNotifier(permission: NotificationPermissionState = 'default') {
  const shown: DesktopNotice[] = [];
  let asked = 0;
  let state = permission;
  const restore = setDesktopNotifier({
    permission: () => state,
    requestPermission: () => {
      asked += 1;
      if (state === 'default') state = 'granted';
      return Promise.resolve(state);
    },
    notify: (notice) => {
      if (state === 'granted') shown.push(notice);
    },
  });
  return { shown, asked: () => asked, restore };
}
