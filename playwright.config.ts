import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser (this machine cannot download one).
export default defineConfig({
  testDir: 'e2e',
  // The browser shell's SIGKILL crash test runs in `npm run test:nightly` (300 items, five points); `npm test`
  // keeps the CLI's (src-main/cli/batch.e2e.test.ts, 100 items at three points), the same engine and store.
  testIgnore: process.env.LOUPE_NIGHTLY === '1' ? [] : ['**/batchCrash.spec.ts'],
  outputDir: 'test-results',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
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
