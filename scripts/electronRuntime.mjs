// Finds the Electron binary without triggering Electron's download-on-first-use (its index.js downloads
// when the binary is missing, and this machine cannot download).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** @returns {{ found: true, path: string } | { found: false, reason: string }} */
export function findElectronRuntime() {
  let packageDir;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { found: false, reason: 'the electron package is not installed' };
  }
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override
    ? join(override, relative ?? 'electron')
    : relative
      ? join(packageDir, 'dist', relative)
      : null;
  if (candidate && existsSync(candidate)) return { found: true, path: candidate };
  return { found: false, reason: 'the Electron runtime binary has not been downloaded' };
}
