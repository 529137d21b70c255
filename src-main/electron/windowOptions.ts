// The main window and everything that hardens it (ARCHITECTURE.md; Electron's security checklist).
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';

/** The window's icon, relative to the app's root; electron-builder.json ships it inside the app. */
export const APP_ICON_FILE = 'resources/icon.png';

export function mainWindowOptions(preloadPath: string, iconPath?: string): BrowserWindowConstructorOptions {
  return {
    title: 'Loupe',
    ...(iconPath === undefined ? {} : { icon: iconPath }),
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    show: false,
    backgroundColor: '#121316',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  };
}

export interface WindowFactory {
  create(options: BrowserWindowConstructorOptions): Pick<BrowserWindow, 'loadURL' | 'once' | 'show'>;
}

/** Creates the window with exactly the options above and shows it once it has painted. */
export async function createMainWindow(
  factory: WindowFactory,
  preloadPath: string,
  entryUrl: string,
  iconPath?: string,
): Promise<Pick<BrowserWindow, 'loadURL' | 'once' | 'show'>> {
  const window = factory.create(mainWindowOptions(preloadPath, iconPath));
  window.once('ready-to-show', () => window.show());
  await window.loadURL(entryUrl);
  return window;
}
