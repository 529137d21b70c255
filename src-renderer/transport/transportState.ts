import { create } from 'zustand';

/** How the renderer reaches the Loupe host (not the remote service): UI state, so it lives in zustand. */
export type TransportState = 'connecting' | 'connected' | 'reconnecting';

interface TransportStateStore {
  state: TransportState;
  set: (state: TransportState) => void;
}

export const useTransportState = create<TransportStateStore>((set) => ({
  state: 'connecting',
  set: (state) => set({ state }),
}));
