// Test support for the web routes: a real web host over a test core's dispatcher and routes, serving a
// throwaway renderer folder. Shared so the asset, upload and Router media tests stand on the same host.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestCore } from '../../core/app/testing/testCore';
import { startWebHost, type WebHost } from '../webHost';

export const TEST_TOKEN = 'test-token-0123456789abcdef';

export interface CoreWebHostOptions {
  /** Serve the upload route as well as the asset route. */
  uploads?: boolean;
  /** Adds files to the renderer folder (beside its index.html) before the host starts. */
  fillRendererRoot?: (rendererRoot: string) => void;
}

/** A web host on `core`'s dispatcher and asset route; its close also removes the renderer folder. */
export async function startCoreWebHost(core: TestCore, options: CoreWebHostOptions = {}): Promise<WebHost> {
  const rendererRoot = mkdtempSync(join(tmpdir(), 'loupe-renderer-'));
  writeFileSync(join(rendererRoot, 'index.html'), '<!doctype html><title>Loupe</title>');
  options.fillRendererRoot?.(rendererRoot);
  const host = await startWebHost({
    rendererRoot,
    dispatcher: core.dispatcher,
    token: TEST_TOKEN,
    assets: { capability: core.content.capability, responder: core.content.responder },
    ...(options.uploads === true
      ? { uploads: { capability: core.content.capability, receiver: core.uploads.bytes } }
      : {}),
  });
  return {
    ...host,
    close: async () => {
      await host.close();
      rmSync(rendererRoot, { recursive: true, force: true });
    },
  };
}
