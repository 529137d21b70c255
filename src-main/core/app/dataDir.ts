import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the browser shell and the CLI keep Loupe's data; Electron uses app.getPath('userData') instead. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.LOUPE_DATA_DIR) return env.LOUPE_DATA_DIR;
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Loupe');
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Loupe');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'loupe');
}
