// Several launches of one Loupe (the browser shell) on one data directory, for the tests that stop a shell
// (cleanly or with a crash) and start the next on what it left behind. Spread into a test's `extend`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Fixtures } from '@playwright/test';
import { startWebShell, stopWebShell, type WebShell } from '../webShell';

/** Launches of one Loupe on one data directory; whatever is still running at the end is stopped. */
export interface Launches {
  dataDir: string;
  start(): Promise<WebShell>;
}

export const launchesFixture: Fixtures<{ launches: Launches }> = {
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  launches: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-e2e-'));
    const started: WebShell[] = [];
    try {
      await use({
        dataDir,
        start: async () => {
          const shell = await startWebShell({ dataDir });
          started.push(shell);
          return shell;
        },
      });
      // A shell already stopped (a crash, a clean quit) is passed over.
      for (const shell of started) await stopWebShell(shell);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
