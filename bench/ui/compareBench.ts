// Compare of four 4K pictures: from the click on Compare (four outputs selected in the Library) to the
// frame in which all four are painted, each one loaded and decoded (`complete && naturalWidth`, then
// `img.decode()`, then one more animation frame: no sleeps). The reference, in the same run, is the same four
// pictures from the same asset route put in a bare page as four <img> in a row, timed the same way, so the
// figure is a ratio. The simulator serves four different 3840 × 2160 PNGs made here with sharp (a gradient
// with grain, about the weight of a real render), one per job.
import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { z } from 'zod';
import { textToImageWorkflow } from '../../src-main/simulator/jobs/sampleWorkflows';
import { startSimulator, type RunningSimulator } from '../../src-main/simulator/server';
import { jobSnapshotSchema } from '../../src-shared/contracts/jobs';
import { profileSchema } from '../../src-shared/contracts/profiles';
import type { Figures } from '../figures';
import { probedPage } from './browser';
import { connectContract, type ContractClient } from './contract';
import type { PageGlobals, PageImage } from './pageTypes';
import { newDataDir, seedDataDir } from './seedStore';
import { startShell, stopShell, type BenchShell } from './shell';
import { loadNote, median, percentile } from './stats';

const WIDTH = 3840;
const HEIGHT = 2160;
const PICTURES = 4;
const OPENS = 9;
const KEY = 'bench-key';
const PROFILE_ID = 'sim';
const PANES = '[role="dialog"][aria-label="Compare"] [data-testid="compare-panes"] img';

/** A 4K picture: a diagonal two-hue gradient per seed with a little grain, so it compresses like a render. */
async function fourK(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let state = 0x9e3779b9 ^ (seed * 0x85ebca6b);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      state = (state * 1_664_525 + 1_013_904_223) >>> 0;
      const grain = (state >>> 28) - 8;
      const t = (x / WIDTH + y / HEIGHT) / 2;
      const at = (y * WIDTH + x) * 3;
      raw[at] = Math.max(0, Math.min(255, Math.round(40 + 180 * t + seed * 20 + grain)));
      raw[at + 1] = Math.max(0, Math.min(255, Math.round(200 - 120 * t + grain)));
      raw[at + 2] = Math.max(0, Math.min(255, Math.round(90 + 100 * Math.sin(t * 6 + seed) + grain)));
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/**
 * Resolves, in the page, with the ms from the next click on the Compare button (caught on the way down) to
 * the frame after all four panes' pictures are decoded.
 */
function timeCompareOpen(page: Page): Promise<number> {
  return page.evaluate(
    ({ panes, count }) =>
      new Promise<number>((resolve) => {
        const win = globalThis as unknown as PageGlobals & {
          addEventListener(
            type: string,
            listener: (event: { target: unknown }) => void,
            capture: boolean,
          ): void;
        };
        let started = -1;
        const poll = () => {
          const images = Array.from(win.document.querySelectorAll(panes)) as PageImage[];
          if (images.length === count && images.every((image) => image.complete && image.naturalWidth > 0)) {
            void Promise.all(images.map((image) => image.decode())).then(() =>
              win.requestAnimationFrame(() => resolve(performance.now() - started)),
            );
            return;
          }
          win.requestAnimationFrame(poll);
        };
        win.addEventListener(
          'click',
          () => {
            if (started >= 0) return;
            started = performance.now();
            win.requestAnimationFrame(poll);
          },
          true,
        );
      }),
    { panes: PANES, count: PICTURES },
  );
}

/** The bare page: four <img> in a row, added on demand and timed the same way. */
const BARE_PAGE = `<!doctype html><meta charset="utf-8"><title>bare</title>
<style>body{margin:0;background:#111}#row{display:flex;gap:4px;height:100vh}
#row img{flex:1;min-width:0;max-width:25%;max-height:100%;object-fit:contain}</style>
<div id="row"></div>
<script>
window.paintFour = (urls) => new Promise((resolve) => {
  const row = document.getElementById('row');
  row.replaceChildren();
  const started = performance.now();
  const images = urls.map((url) => { const image = document.createElement('img'); image.src = url; row.append(image); return image; });
  const poll = () => {
    if (images.every((image) => image.complete && image.naturalWidth > 0)) {
      Promise.all(images.map((image) => image.decode())).then(() => requestAnimationFrame(() => resolve(performance.now() - started)));
      return;
    }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
});
</script>`;

function timeBare(page: Page, urls: readonly string[]): Promise<number> {
  return page.evaluate(
    (list) =>
      (globalThis as unknown as { paintFour(urls: readonly string[]): Promise<number> }).paintFour(list),
    urls,
  );
}

async function submitFour(contract: ContractClient): Promise<void> {
  const ids: string[] = [];
  for (let seed = 0; seed < PICTURES; seed++) {
    const workflow = textToImageWorkflow({
      steps: 2,
      seed,
      width: WIDTH,
      height: HEIGHT,
      prompt: 'a 4K study',
    });
    const job = await contract.call(
      'jobs.submit',
      { profileId: PROFILE_ID, workflowJson: JSON.stringify(workflow) },
      jobSnapshotSchema,
    );
    ids.push(job.id);
  }
  for (const jobId of ids) {
    for (;;) {
      const job = await contract.call('jobs.get', { profileId: PROFILE_ID, jobId }, jobSnapshotSchema);
      if (job.status === 'succeeded' && job.outputs.length > 0) break;
      if (job.status === 'failed') throw new Error(`the 4K job ${jobId} failed`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Four tiles of the Library selected, the Compare button ready. */
async function selectFour(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-app-ready="true"]').waitFor();
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Library' }).click();
  const tiles = page.getByRole('listbox', { name: 'Library results' }).getByRole('option');
  await tiles.nth(PICTURES - 1).waitFor({ timeout: 60_000 });
  await tiles.nth(0).click();
  for (let index = 1; index < PICTURES; index++) await tiles.nth(index).click({ modifiers: ['Control'] });
}

/** The asset-route URLs the panes show (read from an open of the view): the reference loads the same ones. */
async function sourcesOfPanes(page: Page): Promise<string[]> {
  const timing = timeCompareOpen(page);
  await compareButton(page).click();
  await timing;
  const sources = await page
    .locator(PANES)
    .evaluateAll((images) => images.map((image) => (image as unknown as { src: string }).src));
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Compare' }).waitFor({ state: 'detached' });
  return sources;
}

function compareButton(page: Page) {
  return page
    .getByRole('toolbar', { name: 'Selection' })
    .getByRole('button', { name: 'Compare', exact: true });
}

async function openOnce(page: Page): Promise<number> {
  const timing = timeCompareOpen(page);
  await compareButton(page).click();
  const ms = await timing;
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Compare' }).waitFor({ state: 'detached' });
  return ms;
}

interface Session {
  sim: RunningSimulator;
  shell: BenchShell;
  contract: ContractClient;
  dataDir: string;
  bytes: number[];
}

async function openSession(): Promise<Session> {
  const pictures = await Promise.all(Array.from({ length: PICTURES }, (_, seed) => fourK(seed)));
  const sim = await startSimulator(
    {
      surface: 'serverless',
      apiKeys: [KEY],
      workers: 4,
      timing: { dispatchMs: 1, nodeMs: 4, stepMs: 12, progressThrottleMs: 100, previewThrottleMs: 60_000 },
    },
    // Every saved image is one of the four 4K pictures, by the sampler's seed.
    { media: { makePng: (_width, _height, seed) => pictures[seed % PICTURES] ?? Buffer.alloc(0) } },
  );
  const dataDir = newDataDir();
  seedDataDir(dataDir, { profileId: PROFILE_ID, surface: 'serverless', baseUrl: sim.url });
  const shell = await startShell(dataDir);
  const contract = await connectContract(shell);
  await contract.call(
    'profiles.setCredential',
    { profileId: PROFILE_ID, secret: KEY, allowSessionOnly: true },
    z.object({ profile: profileSchema }),
  );
  return { sim, shell, contract, dataDir, bytes: pictures.map((picture) => picture.length) };
}

/** One open of Compare in a fresh browser context (empty HTTP and image caches, as a new window has). */
async function loupeRound(browser: Browser, url: string): Promise<{ ms: number; sources: string[] }> {
  const { context, page } = await probedPage(browser);
  try {
    await selectFour(page, url);
    const ms = await openOnce(page);
    return { ms, sources: await sourcesOfPanes(page) };
  } finally {
    await context.close();
  }
}

/** The same four pictures in a bare page on the shell's origin, in a fresh context too. */
async function bareRound(browser: Browser, origin: string, sources: readonly string[]): Promise<number> {
  const { context, page } = await probedPage(browser);
  try {
    await page.route(`${origin}/__bench_bare`, (route) =>
      route.fulfill({ contentType: 'text/html', body: BARE_PAGE }),
    );
    await page.goto(`${origin}/__bench_bare`);
    return await timeBare(page, sources);
  } finally {
    await context.close();
  }
}

export async function benchCompare(browser: Browser): Promise<Figures> {
  const session = await openSession();
  try {
    await submitFour(session.contract);
    // The first open also brings the bytes from the service into Loupe's disk cache: said on its own.
    const first = await loupeRound(browser, session.shell.url);
    // Interleaved, so a busy moment of the shared machine falls on both.
    const loupe: number[] = [];
    const reference: number[] = [];
    for (let round = 0; round < OPENS; round++) {
      loupe.push((await loupeRound(browser, session.shell.url)).ms);
      reference.push(await bareRound(browser, session.shell.origin, first.sources));
    }
    const loupeP95 = percentile(loupe, 95);
    const bareP95 = percentile(reference, 95);
    const mb = session.bytes.reduce((sum, bytes) => sum + bytes, 0) / 1e6;
    return {
      title: 'Compare: four 4K pictures, open → painted',
      figures: [
        { name: 'first open (bytes fetched from the service)', value: first.ms, unit: 'ms' },
        { name: `open → all four painted, p95 of ${OPENS}`, value: loupeP95, unit: 'ms' },
        { name: '  median', value: median(loupe), unit: 'ms' },
        { name: `reference: four <img> in a bare page, p95 of ${OPENS}`, value: bareP95, unit: 'ms' },
        { name: '  median', value: median(reference), unit: 'ms' },
        {
          name: 'Loupe ÷ reference (p95)',
          value: loupeP95 / bareP95,
          unit: '×',
          target: '≤ 1.5',
          met: loupeP95 / bareP95 <= 1.5,
        },
      ],
      notes: [
        loadNote(),
        `Four different ${WIDTH} × ${HEIGHT} PNGs (${mb.toFixed(1)} MB in all) from a serverless simulator, selected in the`,
        'Library and opened with Compare. Every open, Loupe’s and the reference’s, is in a fresh browser context (no',
        'HTTP or decoded-image cache); both read the same asset-route URLs from Loupe’s disk cache. Timed in the page from',
        'the click (or the <img> insertion) to the frame after every picture is complete and decode() has resolved.',
        `Samples, ms: Loupe ${loupe.map((ms) => ms.toFixed(0)).join(' ')} · reference ${reference.map((ms) => ms.toFixed(0)).join(' ')}`,
      ],
    };
  } finally {
    session.contract.close();
    await stopShell(session.shell);
    await session.sim.close();
    rmSync(session.dataDir, { recursive: true, force: true });
  }
}
