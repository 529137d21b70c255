// `npm run serve` (and `npm start` without an Electron runtime): run Loupe as a browser shell on loopback.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDataDir } from '../core/app/dataDir';
import { createDemoLauncher } from '../simulator/demoLauncher';
import { installProcessGuards } from '../core/supervision';
import { startBrowserShell } from './browserShell';

// First thing: an unhandled rejection is logged and the shell goes on serving (ARCHITECTURE rule 13).
installProcessGuards((message, error) => console.error(`loupe: ${message}:`, error));

function argValue(flag: string): string | undefined {
  const index = process.argv.indexOf(flag);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  const rendererRoot =
    process.env.LOUPE_RENDERER_DIR ?? fileURLToPath(new URL('../renderer', import.meta.url));
  if (!existsSync(rendererRoot)) {
    console.error(`The built renderer is missing at ${rendererRoot}. Run \`npm run build\` first.`);
    process.exit(1);
  }
  const port = Number(argValue('--port') ?? process.env.LOUPE_PORT ?? 0);
  const shell = await startBrowserShell({
    dataDir: argValue('--data-dir') ?? defaultDataDir(),
    rendererRoot,
    port,
    demo: createDemoLauncher(),
    // A browser page cannot choose a folder on this machine: exports land where downloads do, one folder each.
    exportRoot: process.env.LOUPE_EXPORT_DIR ?? join(homedir(), 'Downloads', 'Loupe'),
  });
  // One machine-readable line first (tests and scripts read it), then the words for a person.
  console.log(`loupe browser shell: ${shell.host.url}`);
  console.log(
    'Open that link in Chromium or Chrome. The token in it is valid for this launch only; keep it private.',
  );
  const damage = shell.core.damage();
  if (damage !== null) {
    console.error(`loupe: ${damage.summary} The page says what you can do.`);
  }
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    shell
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error('Loupe could not stop cleanly:', error);
        process.exit(1);
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('Loupe could not start the browser shell:', error);
  process.exit(1);
});
