// The Electron half of the contract: one ipcMain.handle per contract entry (a fixed allow-list of channels),
// each checking the sender frame before the dispatcher parses and runs anything (VS Code's validated IPC).
import type { IpcMain, IpcMainInvokeEvent, WebContents, WebFrameMain } from 'electron';
import { bridgeCallNames, callNames, streamNames } from '../../src-shared/contract';
import { ipcChannels, type CallResult, type StreamMessage } from '../../src-shared/protocol';
import { runBridgeCall, type BridgeHandlers } from '../core/rpc/bridgeCalls';
import type { ContractDispatcher } from '../core/rpc/dispatcher';

/** The few parts of Electron's IPC types the binding uses; the checks at the end of this file prove the
 * real types fit, so the unit tests' fakes and Electron cannot drift apart. */
export interface FrameLike {
  readonly url: string;
  readonly parent: FrameLike | null;
}
export interface WebContentsLike {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
  once(event: 'destroyed', listener: () => void): unknown;
  on(event: 'did-navigate', listener: () => void): unknown;
}
export interface InvokeEventLike {
  readonly senderFrame: FrameLike | null;
  readonly sender: WebContentsLike;
}
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

const FORBIDDEN: CallResult<never> = {
  ok: false,
  error: { code: 'forbidden_sender', message: 'This call came from a frame that may not use Loupe.' },
};

/** Only the top-level frame of a page from the app's own origin may call. Sub-frames never may. */
export function isTrustedFrame(frame: FrameLike | null, isAppUrl: (url: string) => boolean): boolean {
  return frame !== null && frame.parent === null && isAppUrl(frame.url);
}

export function bindContract(
  ipcMain: IpcMainLike,
  dispatcher: ContractDispatcher,
  isAppUrl: (url: string) => boolean,
  bridge: BridgeHandlers | null = null,
): () => void {
  const watched = new WeakSet<WebContentsLike>();
  const watch = (contents: WebContentsLike): void => {
    if (watched.has(contents)) return;
    watched.add(contents);
    // A closed window or a reloaded page stops every stream it had.
    contents.once('destroyed', () => dispatcher.disposeOwner(contents));
    contents.on('did-navigate', () => dispatcher.disposeOwner(contents));
  };
  const channels: string[] = [];
  const handle = (
    channel: string,
    listener: (event: InvokeEventLike, ...args: unknown[]) => unknown,
  ): void => {
    channels.push(channel);
    ipcMain.handle(channel, (event, ...args) =>
      isTrustedFrame(event.senderFrame, isAppUrl) ? listener(event, ...args) : FORBIDDEN,
    );
  };

  for (const name of callNames) {
    // The sender is the caller: a handler that acts on the calling window (assets.dragOut) needs it.
    handle(ipcChannels.call(name), (event, args) => dispatcher.call(name, args, event.sender));
  }
  for (const name of streamNames) {
    handle(ipcChannels.subscribe(name), (event, subscriptionId, args) => {
      const contents = event.sender;
      watch(contents);
      return dispatcher.subscribe(contents, name, subscriptionId, args, (message: StreamMessage) => {
        if (!contents.isDestroyed()) contents.send(ipcChannels.event, message);
      });
    });
  }
  // The preload's own calls, behind the same frame check. The page cannot reach them: contextIsolation keeps
  // ipcRenderer in the preload, and window.loupe is built from the contract, which does not list them.
  if (bridge !== null) {
    for (const name of bridgeCallNames) {
      handle(ipcChannels.bridge(name), (event, args) => runBridgeCall(bridge, name, args, event.sender));
    }
  }
  handle(ipcChannels.unsubscribe, (event, subscriptionId) => {
    if (typeof subscriptionId === 'string') dispatcher.unsubscribe(event.sender, subscriptionId);
    return null;
  });

  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}

/** Binds to the real ipcMain; loaded lazily so unit tests never load Electron's runtime. */
export async function bindContractToElectron(
  dispatcher: ContractDispatcher,
  isAppUrl: (url: string) => boolean,
  bridge: BridgeHandlers,
): Promise<() => void> {
  const { ipcMain } = await import('electron');
  return bindContract(ipcMain, dispatcher, isAppUrl, bridge);
}

// Compile-time proof that Electron's own types satisfy the shapes above.
type Assert<T extends true> = T;
export type ElectronFitsBinding = [
  Assert<WebFrameMain extends FrameLike ? true : false>,
  Assert<WebContents extends WebContentsLike ? true : false>,
  Assert<IpcMainInvokeEvent extends InvokeEventLike ? true : false>,
  Assert<IpcMain extends Pick<IpcMainLike, 'removeHandler'> ? true : false>,
];
