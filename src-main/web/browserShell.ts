// The browser shell: core as the windowed hosts run it (hostedCore: the damage screen's recovery included)
// behind the loopback web host. serve.ts starts it for `npm run serve`; tests start it in-process the same way.
import type { AppInfo } from '../../src-shared/contract';
import { startHostedCore, type HostedCore } from '../core/app/hostedCore';
import type { DemoLauncher } from '../core/app/demoSupervisor';
import { describeApp } from '../core/app/version';
import { systemKeychain, type KeychainBackend } from '../core/profiles';
import { startWebHost, type WebHost } from './webHost';

export interface BrowserShellOptions {
  dataDir: string;
  rendererRoot: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Fixed only in tests. */
  token?: string;
  /** The system keychain unless a test passes another. */
  keychain?: KeychainBackend;
  demo: DemoLauncher | null;
  exportRoot: string | null;
  appInfo?: AppInfo;
}

export interface BrowserShell {
  host: WebHost;
  core: HostedCore;
  close(): Promise<void>;
}

export async function startBrowserShell(options: BrowserShellOptions): Promise<BrowserShell> {
  const core = await startHostedCore({
    dataDir: options.dataDir,
    appInfo: options.appInfo ?? describeApp('browser'),
    keychain: options.keychain ?? systemKeychain(),
    openExternal: null,
    demo: options.demo,
    exportRoot: options.exportRoot,
  });
  try {
    const host = await startWebHost({
      rendererRoot: options.rendererRoot,
      dispatcher: core.dispatcher,
      ...(options.port === undefined ? {} : { port: options.port }),
      ...(options.token === undefined ? {} : { token: options.token }),
      assets: { capability: core.capability, responder: core.assetResponder },
      // The same per-launch capability: core built the upload addresses it hands the page with it.
      uploads: { capability: core.capability, receiver: core.uploadReceiver },
    });
    return {
      host,
      core,
      close: async () => {
        await host.close();
        await core.close();
      },
    };
  } catch (error) {
    await core.close();
    throw error;
  }
}
