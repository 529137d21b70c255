// The Electron preload: a sandboxed, minimal bridge. It exposes only the domain-shaped `window.loupe` built
// from the contract; raw ipcRenderer never reaches the page.
import { contextBridge, ipcRenderer } from 'electron';
import { buildLoupeApi, type Transport } from './buildApi';
import { ipcChannels, streamMessageSchema, type CallResult, type StreamMessage } from './protocol';

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
