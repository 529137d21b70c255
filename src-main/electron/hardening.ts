// Deny by default: no new windows, no navigation away from the app, no webviews, no permissions.
// Links a page wants to open go through the external-link policy instead.
import type { Session, WebContents } from 'electron';

interface PreventableEvent {
  preventDefault(): void;
}

/** The parts of WebContents and Session hardening touches; the checks at the end prove Electron's types fit. */
export interface HardenableContents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: PreventableEvent, url: string) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
}
export interface HardenableSession {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: () => boolean): void;
}

export function hardenWebContents(
  contents: HardenableContents,
  isAppUrl: (url: string) => boolean,
  openExternal: (url: string) => void,
): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function hardenSession(session: HardenableSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

type Assert<T extends true> = T;
export type ElectronFitsHardening = [
  Assert<WebContents extends HardenableContents ? true : false>,
  Assert<Session extends HardenableSession ? true : false>,
];
