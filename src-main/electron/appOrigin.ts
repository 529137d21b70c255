// The renderer is served from a custom, privileged scheme rather than file://, so it has a real origin that
// the IPC sender check and the CSP can name.
export const APP_SCHEME = 'loupe-app';
export const APP_HOST = 'app';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** True for URLs of the app's own origin (and, in development only, the given dev-server origin). */
export function isAppUrl(raw: string, devServerOrigin?: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST) return true;
  return devServerOrigin !== undefined && url.origin === devServerOrigin;
}
