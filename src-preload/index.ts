// The Electron preload: a sandboxed, minimal bridge. It exposes only the domain-shaped `window.loupe` built
// from the contract, and `window.loupeFiles` (grants for truly dropped files); raw ipcRenderer never reaches
// the page, and neither does a file path.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { buildLoupeApi, type Transport } from './buildApi';
import { createDropGrants } from './dropGrants';
import type { FileGrant } from '../src-shared/contract';
import type { LoupeFiles } from '../src-shared/files';
import {
  ipcChannels,
  streamMessageSchema,
  type CallResult,
  type StreamMessage,
} from '../src-shared/protocol';

const listeners = new Map<string, (message: StreamMessage) => void>();

ipcRenderer.on(ipcChannels.event, (_event, raw: unknown) => {
  const parsed = streamMessageSchema.safeParse(raw);
  if (!parsed.success) return;
  const message = parsed.data;
  listeners.get(message.subscriptionId)?.(message);
  if (message.type === 'end') listeners.delete(message.subscriptionId);
});

const transport: Transport = {
  call: (name, args) => ipcRenderer.invoke(ipcChannels.call(name), args) as Promise<CallResult<unknown>>,
  subscribe: (name, subscriptionId, args, onMessage) => {
    listeners.set(subscriptionId, onMessage);
    return ipcRenderer.invoke(ipcChannels.subscribe(name), subscriptionId, args) as Promise<CallResult<null>>;
  },
  unsubscribe: (subscriptionId) => {
    listeners.delete(subscriptionId);
    void ipcRenderer.invoke(ipcChannels.unsubscribe, subscriptionId);
  },
};

contextBridge.exposeInMainWorld('loupe', buildLoupeApi(transport));

// Drops are watched here, in the preload's own world, before the page sees them: only a drop the browser
// made (isTrusted) can lead to a grant, and only for files it carried.
const drops = createDropGrants({
  pathFor: (file) => webUtils.getPathForFile(file),
  mint: (paths) =>
    ipcRenderer.invoke(ipcChannels.bridge('files.grantDropped'), { paths }) as Promise<
      CallResult<{ grants: FileGrant[] }>
    >,
});
window.addEventListener('drop', (event) => drops.onDrop(event), true);
const loupeFiles: LoupeFiles = { grantsFor: (files) => drops.grantsFor(Array.from(files)) };
contextBridge.exposeInMainWorld('loupeFiles', loupeFiles);
