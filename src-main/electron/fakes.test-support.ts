// Typed fakes of the few Electron APIs the thin Electron layer uses. They implement the same minimal
// interfaces the code is written against, and those interfaces are proven (at compile time) to be satisfied
// by Electron's own declarations, so a fake cannot quietly drift from the real thing.
import type { NativeImage, OpenDialogOptions } from 'electron';
import type { ProtocolHandlerHost } from './appProtocol';
import type { DialogLike, DragSourceLike } from './assetExport';
import type { FrameLike, InvokeEventLike, IpcMainLike, WebContentsLike } from './ipcBinding';

type Listener = (event: InvokeEventLike, ...args: unknown[]) => unknown;

export class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, Listener>();

  handle(channel: string, listener: Listener): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  /** What ipcRenderer.invoke would get back. */
  async invoke(event: InvokeEventLike, channel: string, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return await handler(event, ...args);
  }
}

export class FakeWebContents implements WebContentsLike, DragSourceLike {
  readonly sent: { channel: string; args: unknown[] }[] = [];
  /** The drags startDrag began, in order. */
  readonly dragged: { file: string; icon: NativeImage | string }[] = [];
  private destroyed = false;
  private readonly listeners = new Map<string, (() => void)[]>();

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.sent.push({ channel, args });
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  startDrag(item: { file: string; icon: NativeImage | string }): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.dragged.push({ file: item.file, icon: item.icon });
  }

  once(event: 'destroyed', listener: () => void): this {
    return this.on(event, listener);
  }

  on(event: 'destroyed' | 'did-navigate', listener: () => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  emit(event: 'destroyed' | 'did-navigate'): void {
    if (event === 'destroyed') this.destroyed = true;
    for (const listener of this.listeners.get(event) ?? []) listener();
  }
}

export function frame(url: string, parent: FrameLike | null = null): FrameLike {
  return { url, parent };
}

export function invokeEvent(sender: FakeWebContents, senderFrame: FrameLike | null): InvokeEventLike {
  return { sender, senderFrame };
}

type ProtocolHandler = Parameters<ProtocolHandlerHost['handle']>[1];

/** protocol.handle as Electron declares it: one handler per scheme; `fetch` is what Chromium would do. */
export class FakeProtocol implements ProtocolHandlerHost {
  readonly handlers = new Map<string, ProtocolHandler>();

  handle(scheme: string, handler: ProtocolHandler): void {
    if (this.handlers.has(scheme)) throw new Error(`scheme ${scheme} is already handled`);
    this.handlers.set(scheme, handler);
  }

  /** A request on a handled scheme, given whole or as a URL and init. */
  async fetch(input: Request | string, init?: RequestInit): Promise<Response> {
    const request = typeof input === 'string' ? new Request(input, init) : input;
    const handler = this.handlers.get(new URL(request.url).protocol.slice(0, -1));
    if (handler === undefined) throw new Error(`no handler for ${request.url}`);
    return handler(request);
  }
}

/** dialog.showOpenDialog answering what the user would have chosen; remembers what it was asked. */
export class FakeDialog implements DialogLike {
  readonly asked: OpenDialogOptions[] = [];
  /** What the user "chooses" next; a test may change it between questions. */
  constructor(public answer: { canceled: boolean; filePaths: string[] }) {}
  showOpenDialog(options: OpenDialogOptions) {
    this.asked.push(options);
    return Promise.resolve(this.answer);
  }
}
