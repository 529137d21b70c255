import { chromium } from 'playwright-core';
const url = process.argv[2];
const out = process.argv[3];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(url);
await page
  .waitForSelector('[data-app-ready="true"]', { timeout: 10000 })
  .catch((e) => console.log('not ready', e.message));
await page.waitForTimeout(2500);
await page.screenshot({ path: out });
if (process.argv[4]) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: process.argv[4] });
}
await browser.close();
