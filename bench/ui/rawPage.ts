// Debian's Chromium driven over a bare DevTools connection, for the one figure Playwright's own work would
// swamp: a scroll that loads a picture per tile. Playwright follows every request a page makes (its Network
// domain is on for each page it drives), and on this 2-core machine that bookkeeping, in the browser process
// and in the bench's Node, took 5–8 s of CPU per wheel run of ~2,400 thumbnails against ~1 s without it:
// time taken from the renderer whose frames are being timed. A person's Loupe has no such observer. Here only
// Page (navigation), Runtime (evaluate) and, while a sweep is timed, Tracing are on.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { z } from 'zod';
import { CHROMIUM, VIEWPORT } from './browser';
import { installProbe } from './pageProbe';

/** What a traced sweep needs of a page: a DevTools session for Tracing, and a function run in the page. */
export interface DevtoolsSession {
  send(method: string, params?: object): Promise<unknown>;
  on(event: string, handler: (params: unknown) => void): void;
  off(event: string, handler: (params: unknown) => void): void;
}

export interface RawPage extends DevtoolsSession {
  /** `fn(arg)` in the page (its source text is sent, as Playwright does); awaits a returned promise. */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  goto(url: string): Promise<void>;
  close(): Promise<void>;
}

const replySchema = z.object({
  id: z.number().optional(),
  method: z.string().optional(),
  params: z.unknown().optional(),
  result: z.unknown().optional(),
  error: z.object({ message: z.string() }).optional(),
});
const evaluateSchema = z.object({
  result: z.object({ value: z.unknown().optional() }).optional(),
  exceptionDetails: z
    .object({ text: z.string(), exception: z.object({ description: z.string().optional() }).optional() })
    .optional(),
});
const targetsSchema = z.array(z.object({ type: z.string(), webSocketDebuggerUrl: z.string() }));

/** The flags Playwright launches Chromium with that change how a page is scheduled, so the two compare. */
const SCHEDULING_FLAGS = [
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
];

async function devtoolsPort(profile: string, chrome: ChildProcess): Promise<string> {
  const file = join(profile, 'DevToolsActivePort');
  const began = performance.now();
  for (;;) {
    if (chrome.exitCode !== null) throw new Error(`chromium exited with ${chrome.exitCode}`);
    if (existsSync(file)) {
      const [port, path] = readFileSync(file, 'utf8').split('\n');
      if (port && path) return port;
    }
    if (performance.now() - began > 20_000) throw new Error('chromium did not open its DevTools port');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A fresh Chromium (its own empty profile) with the bench's probe installed in its one page. */
export async function openRawPage(): Promise<RawPage> {
  const profile = mkdtempSync(join(tmpdir(), 'loupe-bench-raw-'));
  const chrome = spawn(
    CHROMIUM,
    [
      '--headless',
      // As Playwright does when it runs as root (this machine's CI does).
      '--no-sandbox',
      '--enable-precise-memory-info',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      ...SCHEDULING_FLAGS,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const port = await devtoolsPort(profile, chrome);
  const targets = targetsSchema.parse(await (await fetch(`http://127.0.0.1:${port}/json`)).json());
  const target = targets.find((t) => t.type === 'page');
  if (target === undefined) throw new Error('chromium has no page to drive');
  const socket = new WebSocket(target.webSocketDebuggerUrl, {
    perMessageDeflate: false,
    maxPayload: 1 << 30,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  let nextId = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<string, Set<(params: unknown) => void>>();
  socket.on('message', (data: Buffer) => {
    const message = replySchema.parse(JSON.parse(data.toString('utf8')));
    if (message.id !== undefined) {
      const call = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) call?.reject(new Error(message.error.message));
      else call?.resolve(message.result);
    } else if (message.method !== undefined) {
      for (const handler of listeners.get(message.method) ?? []) handler(message.params);
    }
  });
  const send = (method: string, params: object = {}): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  const evaluate = async <A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> => {
    const reply = evaluateSchema.parse(
      await send('Runtime.evaluate', {
        expression: `(${fn.toString()})(${JSON.stringify(arg)})`,
        awaitPromise: true,
        returnByValue: true,
      }),
    );
    if (reply.exceptionDetails)
      throw new Error(reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text);
    return reply.result?.value as R;
  };

  await send('Page.enable');
  await send('Emulation.setDeviceMetricsOverride', {
    width: VIEWPORT.width,
    height: VIEWPORT.height,
    deviceScaleFactor: 1,
    mobile: false,
  });
  // As probedPage: tsx's __name helper, then the probe, before the app's own scripts.
  await send('Page.addScriptToEvaluateOnNewDocument', { source: 'globalThis.__name ??= (f) => f;' });
  await send('Page.addScriptToEvaluateOnNewDocument', { source: `(${installProbe.toString()})()` });

  const on: RawPage['on'] = (event, handler) => {
    const set = listeners.get(event) ?? new Set();
    set.add(handler);
    listeners.set(event, set);
  };
  const off: RawPage['off'] = (event, handler) => listeners.get(event)?.delete(handler);

  return {
    send,
    evaluate,
    on,
    off,
    goto: async (url) => {
      const loaded = new Promise<void>((resolve) => {
        const done = (): void => {
          off('Page.loadEventFired', done);
          resolve();
        };
        on('Page.loadEventFired', done);
      });
      await send('Page.navigate', { url });
      await loaded;
    },
    close: async () => {
      socket.close();
      chrome.kill('SIGKILL');
      await new Promise((resolve) => chrome.once('exit', resolve));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
