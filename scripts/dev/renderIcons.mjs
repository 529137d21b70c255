// Renders resources/icon.svg into the PNG sizes electron-builder and the window want
// (resources/icons/<size>x<size>.png, and resources/icon.png at 1024), and gives the page its copies (the
// favicon, and the 256 px PNG that notifications show). Run by hand after changing the SVG:
// `node scripts/dev/renderIcons.mjs`. Uses Debian's Chromium, as the tests do.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const root = join(import.meta.dirname, '../..');
const svg = readFileSync(join(root, 'resources/icon.svg'), 'utf8');
const sizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
mkdirSync(join(root, 'resources/icons'), { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const size of sizes) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const html = `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`;
  await page.setContent(html);
  const path = join(root, size === 1024 ? 'resources/icon.png' : `resources/icons/${size}x${size}.png`);
  await page.screenshot({ path, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  await page.close();
}
await browser.close();
copyFileSync(join(root, 'resources/icon.svg'), join(root, 'src-renderer/public/favicon.svg'));
copyFileSync(join(root, 'resources/icons/256x256.png'), join(root, 'src-renderer/public/icon-256.png'));
console.log(`rendered ${sizes.length} sizes`);
