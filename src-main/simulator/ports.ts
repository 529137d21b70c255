// The narrow views the kernel and the job engine take of the services other modules own
// (assets, media generators, Router). Depending on these shapes rather than on the classes keeps
// each module testable on its own; server.ts wires in the real implementations. Plain data shapes
// (an output's JSON, the Router's fault switches) are defined once, by the module that owns them.
import type { LinkContext, OutputJson } from './assets/assetPresenter';
import type { RouterFaults } from './router/state';
import type { RouteContext, RouteHandler } from './types';

export type { RouterFaults };

export interface AssetPort {
  readonly handleApi: RouteHandler;
  readonly handleStorage: RouteHandler;
  createOutput(
    owner: string,
    input: { bytes: Buffer; contentType: string; filePath: string; jobId: string; expiresAt: string },
  ): { id: string };
  isOwnedBy(assetId: string, owner: string): boolean;
  outputJson(assetId: string, link: LinkContext): OutputJson;
  stats(): { uploadBytesReceived: number; assets: number; blobs: number };
  reset(): void;
}

export interface MediaPort {
  makePng(width: number, height: number, seed: number): Buffer;
  makeWav(durationMs: number, frequencyHz: number): Buffer;
  makeWebm(): Buffer;
  makeLatent(seed: number): Buffer;
}

export interface RouterPort {
  readonly handle: RouteHandler;
  /** Signed links to run outputs' media under /_storage/; false for the asset storage's own. */
  handleStorage?(ctx: RouteContext): boolean;
  reset(): void;
  setFaults?(faults: RouterFaults): void;
}

export interface SimulatorServices {
  assets: AssetPort;
  media: MediaPort;
  router: RouterPort;
}
