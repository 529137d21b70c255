import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_ICON_URL, webNotifier } from './desktopNotifier';

afterEach(() => vi.unstubAllGlobals());

describe('web notifications', () => {
  it('carry the app icon, the body as text and the tag', () => {
    const shown: { title: string; options: NotificationOptions | undefined }[] = [];
    class FakeNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, options });
      }
      close(): void {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    webNotifier.notify({ title: 'Job finished', body: '<b>done</b>', tag: 'job-1' });
    expect(shown).toEqual([
      { title: 'Job finished', options: { body: '<b>done</b>', tag: 'job-1', icon: NOTICE_ICON_URL } },
    ]);
    expect(NOTICE_ICON_URL).toBe('/icon-256.png');
  });
});
