// Picks the transport: Electron's preload has already put `window.loupe` in place; otherwise this is the
// browser shell and the contract travels over the host's WebSocket. The rest of the renderer only sees LoupeApi.
import { buildLoupeApi, type LoupeApi } from '../../src-preload/buildApi';
import { useTransportState } from './transportState';
import { createWsTransport } from './wsTransport';

declare global {
  interface Window {
    loupe?: LoupeApi;
  }
}

export type Connection = { ok: true; loupe: LoupeApi } | { ok: false; reason: 'missing-token' };

/** Reads the launch token from the URL fragment once, keeps it in memory only, and removes it from the URL. */
export function takeTokenFromLocation(location: Location, history: History): string | null {
  const match = /(?:^|[#&])token=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (!match?.[1]) return null;
  history.replaceState(null, '', location.pathname + location.search);
  return match[1];
}

export function connectLoupe(): Connection {
  if (window.loupe) {
    useTransportState.getState().set('connected');
    return { ok: true, loupe: window.loupe };
  }
  const token = takeTokenFromLocation(window.location, window.history);
  if (token === null) return { ok: false, reason: 'missing-token' };
  const transport = createWsTransport({
    origin: window.location.origin,
    token,
    onState: (state) => useTransportState.getState().set(state),
  });
  return { ok: true, loupe: buildLoupeApi(transport) };
}
