// The Electron preload: a sandboxed, minimal bridge. It exposes only the domain-shaped `window.loupe` built
// from the contract (and `window.loupeFiles`, below); raw ipcRenderer never reaches the page.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { buildLoupeApi, type Transport } from './buildApi';
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

// Not a contract call and not IPC: webUtils answers here in the preload, so no process boundary is crossed
// and rule 1 (the contract is the only surface between processes) holds. Only a path comes out, never a
// handle on the file system.
const pathFor = (file: File): string => webUtils.getPathForFile(file);
const loupeFiles: LoupeFiles = {
  pathFor,
  pathsFor: (files) => Array.from(files, pathFor),
};
contextBridge.exposeInMainWorld('loupeFiles', loupeFiles);
