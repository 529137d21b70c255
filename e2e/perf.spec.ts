// Guards for the renderer's start-up cost that time nothing: the built renderer opens from one entry script
// under a budget, every screen but Jobs is its own chunk (with what only it uses: the Models screen's form
// library, the Batches screen's contact sheet), and in the shell each screen still opens, its chunk fetched
// after the entry and only once. `npm run test:e2e` builds before it runs, so out/renderer is this code.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openShell } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './webShell';

const RENDERER = 'out/renderer';
/** The entry script's budget: about 530 KB today, where one 1.6 MB chunk used to hold every screen. */
const ENTRY_BUDGET_BYTES = 640 * 1024;

/** Words only each lazily loaded screen draws (with no profile chosen): none in the entry, each in a chunk. */
const SCREENS = [
  { section: 'Batches', words: 'A batch runs one workflow many times' },
  { section: 'Library', words: 'The library is empty' },
  { section: 'Models', words: 'partner models belong to a connection' },
  { section: 'Settings', words: '+ Add profile' },
] as const;

function entryScript(): string {
  const html = readFileSync(join(RENDERER, 'index.html'), 'utf8');
  const entry = /<script[^>]+src="(?:\.?\/)?([^"]+\.js)"/.exec(html)?.[1];
  if (entry === undefined) throw new Error('the built index.html names no entry script');
  return entry;
}

test.describe('start-up cost', () => {
  test('the entry script is under its budget and each other screen is a chunk of its own', () => {
    const entry = entryScript();
    expect(statSync(join(RENDERER, entry)).size).toBeLessThan(ENTRY_BUDGET_BYTES);
    const entryText = readFileSync(join(RENDERER, entry), 'utf8');
    const chunks = readdirSync(join(RENDERER, 'assets'))
      .filter((name) => name.endsWith('.js') && `assets/${name}` !== entry)
      .map((name) => readFileSync(join(RENDERER, 'assets', name), 'utf8'));
    for (const { words } of SCREENS) {
      expect(entryText, `the entry holds "${words}"`).not.toContain(words);
      expect(
        chunks.some((chunk) => chunk.includes(words)),
        `no chunk holds "${words}"`,
      ).toBe(true);
    }
  });

  test('in the shell, the entry comes first and every screen opens, its chunk fetched once', async ({
    page,
    webShell,
  }) => {
    const errors = collectPageErrors(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await openShell(page, webShell.url);
    await expect(page.getByRole('heading', { name: 'No jobs yet' })).toBeVisible();
    expect(scripts[0]).toBe(`/${entryScript()}`);

    const sections = page.getByRole('navigation', { name: 'Sections' });
    for (const { section, words } of SCREENS) {
      await sections.getByRole('button', { name: section }).click();
      await expect(page.getByRole('heading', { level: 1, name: section })).toBeVisible();
      // Past the loading state: the screen itself is drawn.
      await expect(page.getByText(words, { exact: false }).first()).toBeVisible();
    }
    await sections.getByRole('button', { name: 'Jobs' }).click();
    await expect(page.getByRole('heading', { name: 'No jobs yet' })).toBeVisible();
    expect(new Set(scripts).size).toBe(scripts.length);
    expect(errors).toEqual([]);
  });
});
