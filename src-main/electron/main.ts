// The Electron entry: wires the hardened window, the app protocol and the contract binding to the core.
import { app, BrowserWindow, protocol, session, shell } from 'electron';
import { join } from 'node:path';
import { InMemoryProfiles } from '../core/app/builtInProfiles';
import { createContractHandlers } from '../core/app/contractHandlers';
import { ExternalLinkPolicy } from '../core/app/externalLinkPolicy';
import { ContractDispatcher } from '../core/rpc/dispatcher';
import { APP_ENTRY_URL, isAppUrl } from './appOrigin';
import { handleAppProtocol, registerAppSchemes } from './appProtocol';
import { hardenSession, hardenWebContents } from './hardening';
import { bindContractToElectron } from './ipcBinding';
import { createMainWindow } from './windowOptions';

const devServerUrl = process.env.ELECTRON_RENDERER_URL;
const devOrigin = devServerUrl ? new URL(devServerUrl).origin : undefined;
const isOwnUrl = (url: string): boolean => isAppUrl(url, devOrigin);

registerAppSchemes(protocol);
app.enableSandbox();

const linkPolicy = new ExternalLinkPolicy();
const openExternal = async (url: string): Promise<void> => {
  const allowed = linkPolicy.check(url);
  if (allowed !== null) await shell.openExternal(allowed);
};

app.on('web-contents-created', (_event, contents) => {
  hardenWebContents(contents, isOwnUrl, (url) => void openExternal(url));
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

async function start(): Promise<void> {
  await app.whenReady();
  hardenSession(session.defaultSession);
  const rendererRoot = join(import.meta.dirname, '../renderer');
  handleAppProtocol(protocol, rendererRoot);
  const dispatcher = new ContractDispatcher(
    createContractHandlers({
      appInfo: {
        name: 'Loupe',
        version: app.getVersion(),
        shell: 'electron',
        platform: process.platform,
        startedAt: new Date().toISOString(),
      },
      profiles: new InMemoryProfiles(),
      linkPolicy,
      openExternal,
    }),
  );
  await bindContractToElectron(dispatcher, isOwnUrl);
  await createMainWindow(
    { create: (options) => new BrowserWindow(options) },
    join(import.meta.dirname, '../preload/index.cjs'),
    devServerUrl ?? APP_ENTRY_URL,
  );
}

start().catch((error: unknown) => {
  console.error('Loupe failed to start', error);
  app.exit(1);
});
