import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser (this machine cannot download one).
export default defineConfig({
  testDir: 'e2e',
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
