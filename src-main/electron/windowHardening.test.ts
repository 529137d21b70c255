import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserWindowConstructorOptions } from 'electron';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { APP_ENTRY_URL, isAppUrl } from './appOrigin';
import { handleAppProtocol, registerAppSchemes, serveAppRequest } from './appProtocol';
import {
  hardenSession,
  hardenWebContents,
  type HardenableContents,
  type HardenableSession,
} from './hardening';
import { createMainWindow } from './windowOptions';

describe('the main window the app really creates', () => {
  it('is sandboxed, isolated, without node, with web security, loading the app protocol', async () => {
    const created: BrowserWindowConstructorOptions[] = [];
    const loaded: string[] = [];
    await createMainWindow(
      {
        create: (options) => {
          created.push(options);
          return {
            loadURL: (url: string) => (loaded.push(url), Promise.resolve()),
            once: vi.fn(),
            show: vi.fn(),
          };
        },
      },
      '/app/out/preload/index.cjs',
      APP_ENTRY_URL,
      '/app/resources/icon.png',
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.icon).toBe('/app/resources/icon.png');
    const prefs = created[0]?.webPreferences;
    expect(prefs).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/app/out/preload/index.cjs',
    });
    expect(loaded).toEqual(['loupe-app://app/index.html']);
    expect(loaded[0]).not.toMatch(/^file:/);
  });
});

describe('webContents and session hardening', () => {
  function fakeContents() {
    const listeners = new Map<string, (event: { preventDefault(): void }, url?: string) => void>();
    let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
    const contents: HardenableContents = {
      setWindowOpenHandler: (handler) => {
        openHandler = handler;
      },
      on: (event: string, listener: (event: { preventDefault(): void }, url?: string) => void) => {
        listeners.set(event, listener);
        return contents;
      },
    } as HardenableContents;
    const fire = (event: string, url?: string): boolean => {
      const preventDefault = vi.fn();
      listeners.get(event)?.({ preventDefault }, url);
      return preventDefault.mock.calls.length > 0;
    };
    return { contents, fire, open: (url: string) => openHandler?.({ url }) };
  }

  it('denies window.open (handing the URL to the link policy), foreign navigation, redirects and webviews', () => {
    const opened: string[] = [];
    const { contents, fire, open } = fakeContents();
    hardenWebContents(
      contents,
      (url) => isAppUrl(url),
      (url) => opened.push(url),
    );
    expect(open('https://example.com/')).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://example.com/']);
    expect(fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(fire('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(fire('will-navigate', 'loupe-app://app/index.html')).toBe(false);
    expect(fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(fire('will-attach-webview')).toBe(true);
  });

  it('denies every permission except notifications, and those only to the app itself', () => {
    let request: Parameters<HardenableSession['setPermissionRequestHandler']>[0] | undefined;
    let check: Parameters<HardenableSession['setPermissionCheckHandler']>[0] | undefined;
    hardenSession(
      {
        setPermissionRequestHandler: (handler) => (request = handler),
        setPermissionCheckHandler: (handler) => (check = handler),
      },
      (url) => isAppUrl(url),
    );
    const app = { getURL: () => 'loupe-app://app/index.html' };
    const foreign = { getURL: () => 'https://evil.example/' };
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'openExternal', 'clipboard-read', 'notifications']) {
      request?.(app, permission, (granted) => answers.push(granted));
    }
    expect(answers).toEqual([false, false, false, false, true]);
    request?.(foreign, 'notifications', (granted) => answers.push(granted));
    request?.({}, 'notifications', (granted) => answers.push(granted));
    expect(answers.slice(5)).toEqual([false, false]);
    expect(check?.(app, 'notifications', 'loupe-app://app')).toBe(true);
    expect(check?.(app, 'media', 'loupe-app://app')).toBe(false);
    expect(check?.(foreign, 'notifications', 'https://evil.example')).toBe(false);
  });
});

describe('the app protocol', () => {
  const root = mkdtempSync(join(tmpdir(), 'loupe-app-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Loupe</title>');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('registers loupe-app as a standard, secure scheme before ready, whose scripts V8 may cache', () => {
    const registered: unknown[] = [];
    registerAppSchemes({ registerSchemesAsPrivileged: (schemes) => void registered.push(...schemes) });
    expect(registered).toContainEqual({
      scheme: 'loupe-app',
      privileges: expect.objectContaining({ standard: true, secure: true, codeCache: true }) as unknown,
    });
    // Only the app's own code: the asset scheme serves outputs, never scripts.
    expect(registered).toContainEqual({
      scheme: 'loupe-asset',
      privileges: expect.not.objectContaining({ codeCache: true }) as unknown,
    });
  });

  it('serves the renderer with the CSP and refuses other hosts and escapes', async () => {
    let handler: ((request: Request) => Promise<Response> | Response) | undefined;
    handleAppProtocol({ handle: (_scheme, h) => (handler = h) }, root);
    const index = await handler?.(new Request('loupe-app://app/index.html'));
    expect(index?.status).toBe(200);
    expect(index?.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await serveAppRequest(new Request('loupe-app://other/index.html'), root)).status).toBe(404);
    expect((await serveAppRequest(new Request('loupe-app://app/..%2F..%2Fetc%2Fpasswd'), root)).status).toBe(
      404,
    );
  });
});
