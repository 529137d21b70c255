// `npm run serve` (and `npm start` without an Electron runtime): run Loupe as a browser shell on loopback.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore } from '../core/app/createCore';
import { defaultDataDir } from '../core/app/dataDir';
import { describeApp } from '../core/app/version';
import { systemKeychain } from '../core/profiles';
import { createDemoLauncher } from '../simulator/demoLauncher';
import { installProcessGuards } from '../core/supervision';
import { startWebHost } from './webHost';

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
  const core = await createCore({
    dataDir: argValue('--data-dir') ?? defaultDataDir(),
    appInfo: describeApp('browser'),
    keychain: systemKeychain(),
    openExternal: null,
    demo: createDemoLauncher(),
    // A browser page cannot choose a folder on this machine: exports land where downloads do, one folder each.
    exportRoot: process.env.LOUPE_EXPORT_DIR ?? join(homedir(), 'Downloads', 'Loupe'),
  });
  const host = await startWebHost({
    rendererRoot,
    dispatcher: core.dispatcher,
    port,
    assets: { capability: core.content.capability, responder: core.content.responder },
    // The same per-launch capability: core built the upload addresses it hands the page with it.
    uploads: { capability: core.content.capability, receiver: core.uploads.bytes },
  });
  // One machine-readable line first (tests and scripts read it), then the words for a person.
  console.log(`loupe browser shell: ${host.url}`);
  console.log(
    'Open that link in Chromium or Chrome. The token in it is valid for this launch only; keep it private.',
  );
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    host
      .close()
      .then(() => core.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Loupe did not close cleanly:', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('Loupe could not start the browser shell:', error);
  process.exit(1);
});
