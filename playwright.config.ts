import { defineConfig } from '@playwright/test';

// The browser shell's SIGKILL crash test runs in `npm run test:nightly` (300 items, five points); `npm test`
// keeps the CLI's (src-main/cli/batch.e2e.test.ts, 100 items at three points), the same engine and store.
const NIGHTLY_ONLY = process.env.LOUPE_NIGHTLY === '1' ? [] : ['**/batchCrash.spec.ts'];
/**
 * Specs that time what the page does under a deadline (a 2 MB log line drawn, keys through a list, progress
 * within seconds, every damaged-store case over one socket): they run after the others, one at a time, with
 * nothing beside them. They were the ones to time out when two ran side by side on a loaded machine.
 */
const ALONE = ['**/jobs.spec.ts', '**/storeDamage.spec.ts', '**/surfaces.spec.ts', '**/thumbnails.spec.ts'];

// Debian's Chromium, never a downloaded browser (this machine cannot download one). Two files at a time: most
// of a spec's time is waiting on the simulator's clock and the watcher's polls, and CI has two cores (the
// suite went from about 11.5 to 9.3 min here); a file's own tests still run in order.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 30_000,
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'side by side', testIgnore: [...NIGHTLY_ONLY, ...ALONE] },
    { name: 'alone', testMatch: ALONE, dependencies: ['side by side'], workers: 1 },
  ],
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 760 },
    launchOptions: { executablePath: process.env.LOUPE_CHROMIUM ?? '/usr/bin/chromium' },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
