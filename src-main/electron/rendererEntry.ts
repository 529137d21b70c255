// Where the window loads the renderer from, and which origin besides the app's own may call the contract.
// electron-vite's dev server sets ELECTRON_RENDERER_URL; a packaged app ignores it entirely, or anyone who
// could set an environment variable could point the window, and the trust that IPC gives it, at their page.
import { APP_ENTRY_URL } from './appOrigin';

export interface RendererEntry {
  url: string;
  /** The dev server's origin, trusted like the app's own; undefined in a packaged app. */
  devOrigin: string | undefined;
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

export function rendererEntry(devServerUrl: string | undefined, isPackaged: boolean): RendererEntry {
  if (isPackaged || devServerUrl === undefined) return { url: APP_ENTRY_URL, devOrigin: undefined };
  const url = URL.parse(devServerUrl);
  // Even in development, only a dev server on this machine.
  if (url === null || url.protocol !== 'http:' || !loopbackHosts.has(url.hostname)) {
    return { url: APP_ENTRY_URL, devOrigin: undefined };
  }
  return { url: url.toString(), devOrigin: url.origin };
}
