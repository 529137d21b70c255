// Desktop notifications behind one small interface. Both shells use the Web Notifications API in the
// renderer today; the Electron shell can swap in its own (main-process Notification) with setDesktopNotifier.

export type NotificationPermissionState = 'granted' | 'denied' | 'default' | 'unsupported';

export interface DesktopNotice {
  title: string;
  /** Plain text: the OS shows it as text. */
  body: string;
  /** Notices with the same tag replace each other (one per job). */
  tag: string;
  onClick?: () => void;
}

export interface DesktopNotifier {
  permission(): NotificationPermissionState;
  /** Asks the user only while the answer is still "default"; otherwise answers at once. */
  requestPermission(): Promise<NotificationPermissionState>;
  notify(notice: DesktopNotice): void;
}

/** The app icon (resources/icon.svg, rendered into the page's public folder), on the page's own origin. */
export const NOTICE_ICON_URL = '/icon-256.png';

export const webNotifier: DesktopNotifier = {
  permission: () => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission),
  requestPermission: async () => {
    if (typeof Notification === 'undefined') return 'unsupported';
    if (Notification.permission !== 'default') return Notification.permission;
    try {
      return await Notification.requestPermission();
    } catch {
      return 'denied';
    }
  },
  notify: ({ title, body, tag, onClick }) => {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const notification = new Notification(title, { body, tag, icon: NOTICE_ICON_URL });
    if (onClick) {
      notification.onclick = () => {
        window.focus();
        onClick();
        notification.close();
      };
    }
  },
};

let current: DesktopNotifier = webNotifier;

export function desktopNotifier(): DesktopNotifier {
  return current;
}

/** For the Electron shell (and tests): replace the notifier; returns a function that restores the last one. */
export function setDesktopNotifier(next: DesktopNotifier): () => void {
  const previous = current;
  current = next;
  return () => {
    current = previous;
  };
}
