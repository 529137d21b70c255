// The narrow views the kernel and the job engine take of the services other modules own
// (assets, media generators, Router). Depending on these shapes rather than on the classes keeps
// each module testable on its own; server.ts wires in the real implementations.
import type { RouteHandler } from './types';

export interface OutputAssetJson {
  url: string;
  url_expires_at: string | null;
  hash: string | null;
  size_bytes: number;
  content_type: string;
  id: string;
}

export interface AssetPort {
  readonly handleApi: RouteHandler;
  readonly handleStorage: RouteHandler;
  createOutput(
    owner: string,
    input: { bytes: Buffer; contentType: string; filePath: string; jobId: string; expiresAt: string },
  ): { id: string };
  isOwnedBy(assetId: string, owner: string): boolean;
  outputJson(assetId: string, ctx: { origin: string; prefix: string }): OutputAssetJson;
  markInUse(assetId: string): void;
  stats(): { uploadBytesReceived: number; assets: number; blobs: number };
  reset(): void;
}

export interface MediaPort {
  makePng(width: number, height: number, seed: number): Buffer;
  makeWav(durationMs: number, frequencyHz: number): Buffer;
  makeLatent(seed: number): Buffer;
}

/** The Router's own switches (model-router-api.md error buckets); router/state.ts says what each does. */
export interface RouterFaultSwitches {
  rateLimited?: boolean;
  unavailable?: boolean;
  providerError?: boolean;
  providerTimeout?: boolean;
  contentPolicyViolation?: boolean;
  internalError?: boolean;
  insufficientCredits?: boolean;
  queueTimeout?: boolean;
  forbiddenModels?: string[];
}

export interface RouterPort {
  readonly handle: RouteHandler;
  reset(): void;
  setFaults?(faults: RouterFaultSwitches): void;
}

export interface SimulatorServices {
  assets: AssetPort;
  media: MediaPort;
  router: RouterPort;
}
