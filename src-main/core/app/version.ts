import packageJson from '../../../package.json' with { type: 'json' };
import type { AppInfo } from '../../../src-shared/contract';

/** The app version, from package.json, inlined at build time. */
export const LOUPE_VERSION: string = packageJson.version;

/** What the app says about itself (app.info), the same for every host but for its shell and version. */
export function describeApp(shell: AppInfo['shell'], version: string = LOUPE_VERSION): AppInfo {
  return { name: 'Loupe', version, shell, platform: process.platform, startedAt: new Date().toISOString() };
}
