// The driver is started again after every kill, a few hundred times a nightly run. Through tsx each start
// spends about two seconds compiling core; bundled once per suite run with esbuild (already installed as
// vite's and tsx's compiler) it starts in a few hundred milliseconds. Packages stay external, so libsql and
// the blake3 addon load from node_modules exactly as they do for the CLI.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** Under out/ (ignored by git, the build's own folder), so node_modules resolves from the repository. */
export const DRIVER_BUNDLE = join(repoRoot, 'out', 'chaos', `driver-${process.pid}.mjs`);

/** Builds the bundle (the caller removes it when its trials are done) and returns its path. */
export async function driverBundle(): Promise<string> {
  mkdirSync(dirname(DRIVER_BUNDLE), { recursive: true });
  await build({
    entryPoints: [join(repoRoot, 'tests', 'chaos', 'driver', 'main.ts')],
    outfile: DRIVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'error',
  });
  return DRIVER_BUNDLE;
}
