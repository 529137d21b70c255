// The Electron entry: wires the hardened window, the app protocol and the contract binding to the core.
import { app, BrowserWindow, dialog, Menu, nativeImage, net, protocol, session, shell, Tray } from 'electron';
import { join } from 'node:path';
import { startHostedCore, type HostedCore } from '../core/app/hostedCore';
import { ExternalLinkPolicy } from '../core/app/externalLinkPolicy';
import { describeApp } from '../core/app/version';
import { systemKeychain } from '../core/profiles';
import { installProcessGuards } from '../core/supervision';
import { createDemoLauncher } from '../simulator/demoLauncher';
import { isAppUrl } from './appOrigin';
import { handleAppProtocol, registerAppSchemes } from './appProtocol';
import { dragIcon, dragStarter, folderPicker } from './assetExport';
import { handleAssetProtocol } from './assetProtocol';
import { hardenSession, hardenWebContents } from './hardening';
import { bindContractToElectron } from './ipcBinding';
import { rendererEntry } from './rendererEntry';
import { uploadPicker } from './uploadPicker';
import { APP_ICON_FILE, createMainWindow } from './windowOptions';
import { feedWorkIndicators, type WorkFeed } from './workFeed';
import { WorkIndicators, type TrayMenuItem } from './workIndicators';

// First thing: an unhandled rejection is logged and main goes on (ARCHITECTURE rule 13).
installProcessGuards((message, error) => console.error(`loupe: ${message}:`, error));

// A packaged app never honours ELECTRON_RENDERER_URL (rendererEntry.ts).
const entry = rendererEntry(process.env.ELECTRON_RENDERER_URL, app.isPackaged);
const isOwnUrl = (url: string): boolean => isAppUrl(url, entry.devOrigin);

registerAppSchemes(protocol);
app.enableSandbox();

const linkPolicy = new ExternalLinkPolicy();
const openExternal = async (url: string): Promise<void> => {
  const allowed = linkPolicy.check(url);
  if (allowed !== null) await shell.openExternal(allowed);
};

app.on('web-contents-created', (_event, contents) => {
  hardenWebContents(contents, isOwnUrl, (url) => {
    openExternal(url).catch((error: unknown) => console.error('A link could not be opened', error));
  });
});

let core: HostedCore | null = null;
let workFeed: WorkFeed | null = null;

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

app.on('will-quit', (event) => {
  if (!core) return;
  // Close the store (checkpointing its WAL) and stop the Demo server before the process ends.
  event.preventDefault();
  const closing = core;
  core = null;
  workFeed?.stop();
  closing
    .close()
    .catch((error: unknown) => console.error('Loupe did not close cleanly', error))
    .finally(() => app.quit());
});

async function start(): Promise<void> {
  await app.whenReady();
  hardenSession(session.defaultSession, isOwnUrl);
  // Through hostedCore: a damaged store opens the damage screen (and its recovery) instead of failing to start.
  core = await startHostedCore({
    dataDir: app.getPath('userData'),
    appInfo: describeApp('electron', app.getVersion()),
    keychain: systemKeychain(),
    openExternal,
    demo: createDemoLauncher(),
    // Job watching pauses while the machine is offline instead of failing request after request.
    isOnline: () => net.isOnline(),
    // assets.saveToFolder and assets.dragOut: the desktop's own folder picker and drag.
    pickFolder: folderPicker(dialog),
    startDrag: dragStarter(dragIcon(nativeImage)),
    // uploads.pickFiles: main's own dialog, whose choices become grants (the page never names a file).
    pickFiles: uploadPicker(dialog),
  });
  // The app scheme also carries the upload route (a dropped file with no path PUTs its bytes there), so it is
  // handled once the core exists; no window asks for anything before createMainWindow below.
  handleAppProtocol(protocol, join(import.meta.dirname, '../renderer'), {
    capability: core.capability,
    receiver: core.uploadReceiver,
  });
  handleAssetProtocol(protocol, core.assetResponder);
  await bindContractToElectron(core.dispatcher, isOwnUrl, core.bridge);
  await createMainWindow(
    { create: (options) => new BrowserWindow(options) },
    join(import.meta.dirname, '../preload/index.cjs'),
    entry.url,
    // Packaged, resources/icon.png ships inside the app (electron-builder.json `files`).
    join(app.getAppPath(), APP_ICON_FILE),
  );
  workFeed = showWorkOutsideTheWindow(core, join(app.getAppPath(), APP_ICON_FILE));
}

/**
 * The taskbar/dock progress of everything sending, the badge of failures since last looked, and a tray menu of
 * what runs on each profile (a line opens its profile in the window), all fed from core's profiles.work.
 */
function showWorkOutsideTheWindow(hosted: HostedCore, iconPath: string): WorkFeed {
  const tray = new Tray(nativeImage.createFromPath(iconPath));
  let feed: WorkFeed | null = null;
  const openProfile = (profileId: string): void => {
    const window = BrowserWindow.getAllWindows()[0];
    window?.show();
    feed
      ?.open(profileId)
      .catch((error: unknown) => console.error('The tray could not open a profile', error));
  };
  const indicators = new WorkIndicators(() => BrowserWindow.getAllWindows()[0] ?? null, app, {
    setToolTip: (text) => tray.setToolTip(text),
    setMenu: (items: readonly TrayMenuItem[]) =>
      tray.setContextMenu(
        Menu.buildFromTemplate(
          items.map((item) => ({
            label: item.label,
            enabled: item.enabled,
            ...(item.profileId === undefined ? {} : { click: () => openProfile(item.profileId ?? '') }),
          })),
        ),
      ),
  });
  feed = feedWorkIndicators(hosted.dispatcher, indicators, (message, error) =>
    console.error(`loupe: ${message}:`, error),
  );
  return feed;
}

start().catch((error: unknown) => {
  console.error('Loupe failed to start', error);
  app.exit(1);
});
