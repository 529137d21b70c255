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
  setPermissionCheckHandler(
    handler: (contents: unknown, permission: string, requestingOrigin: string) => boolean,
  ): void;
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

/** The one permission the app asks for: notifications when a job you submitted ends. */
const ALLOWED_PERMISSIONS = new Set(['notifications']);

/** Only the app's own pages may hold a permission, and only the ones above. */
export function hardenSession(session: HardenableSession, isAppUrl: (url: string) => boolean): void {
  session.setPermissionRequestHandler((contents, permission, callback) => {
    callback(ALLOWED_PERMISSIONS.has(permission) && isAppUrl(contentsUrl(contents)));
  });
  session.setPermissionCheckHandler(
    (_contents, permission, requestingOrigin) =>
      ALLOWED_PERMISSIONS.has(permission) && isAppUrl(requestingOrigin),
  );
}

function contentsUrl(contents: unknown): string {
  if (typeof contents === 'object' && contents !== null && 'getURL' in contents) {
    const getURL = contents.getURL;
    if (typeof getURL === 'function') return String((getURL as () => unknown).call(contents));
  }
  return '';
}

type Assert<T extends true> = T;
export type ElectronFitsHardening = [
  Assert<WebContents extends HardenableContents ? true : false>,
  Assert<Session extends HardenableSession ? true : false>,
];
