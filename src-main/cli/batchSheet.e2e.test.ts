// `loupe batch sheet` on a finished sweep on the simulator: the PNG has the size the layout promises (labels,
// cells, pages for a third axis), the HTML page holds every cell as an embedded picture and names no URL,
// and a wrong axis or file kind is refused.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../simulator/server';
import { textToImageWorkflow } from '../simulator/jobs/sampleWorkflows';
import { startFast } from '../simulator/testing/testKit';
import { cli, simulatorEnv } from './testing/cliHarness';

let sim: RunningSimulator;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  sim = await startFast({ surface: 'serverless' });
  dir = mkdtempSync(join(tmpdir(), 'loupe-cli-sheet-'));
  env = { ...simulatorEnv(sim.url, 'serverless', 'demo-key'), LOUPE_DATA_DIR: join(dir, 'data') };
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

async function sweep(axes: string[]): Promise<string> {
  const workflow = join(dir, 'wf.json');
  writeFileSync(workflow, JSON.stringify(textToImageWorkflow({ steps: 1 })));
  const run = await cli(
    ['batch', 'run', workflow, ...axes.flatMap((a) => ['--sweep', a]), '--wait', '--json'],
    { env },
  );
  expect(run.code).toBe(0);
  return (run.json()[0] as { batchId: string }).batchId;
}

describe('loupe batch sheet', () => {
  it('writes a labelled PNG of the expected size, and an HTML page with every cell and no URL', async () => {
    const id = await sweep(['3.seed=1..3', '3.cfg=5,7']);
    const png = join(process.env.SHEET_KEEP ?? dir, 'sheet.png');
    const made = await cli(['batch', 'sheet', id, '--to', png], { env });
    expect(made.stderr).toContain('6 cells, 948 × 544 px.');
    expect(made.code).toBe(0);
    // 180 px of y labels + 3 cells of 256 across; a 32 px head + 2 rows of 256 down.
    expect(await sharp(png).metadata()).toMatchObject({
      format: 'png',
      width: 180 + 3 * 256,
      height: 32 + 2 * 256,
    });

    const swapped = join(dir, 'swapped.png');
    expect(
      (await cli(['batch', 'sheet', id, '--x', '3.cfg', '--y', '3.seed', '--to', swapped], { env })).code,
    ).toBe(0);
    expect(await sharp(swapped).metadata()).toMatchObject({ width: 180 + 2 * 256, height: 32 + 3 * 256 });

    const html = join(process.env.SHEET_KEEP ?? dir, 'sheet.html');
    expect((await cli(['batch', 'sheet', id, '--to', html], { env })).code).toBe(0);
    const page = readFileSync(html, 'utf8');
    expect(page.match(/data:image\/webp;base64,/g)).toHaveLength(6);
    expect(page).not.toMatch(/https?:\/\//);
    expect(page).toContain("default-src 'none'; img-src data:");
  });

  it('lays a third axis out as pages, one under the other', async () => {
    const id = await sweep(['3.seed=1,2', '3.cfg=5,7', '3.steps=1,2']);
    const png = join(dir, 'pages.png');
    expect((await cli(['batch', 'sheet', id, '--to', png], { env })).code).toBe(0);
    // Two pages, each a 36 px title, a 32 px head and 2 rows of 256.
    expect(await sharp(png).metadata()).toMatchObject({
      width: 180 + 2 * 256,
      height: 2 * (36 + 32 + 2 * 256),
    });
  });

  it('refuses an unknown axis, the same axis twice, and a file that is neither .png nor .html', async () => {
    const id = await sweep(['3.seed=1,2']);
    const unknown = await cli(['batch', 'sheet', id, '--x', '9.nope', '--to', join(dir, 'x.png')], { env });
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('no axis "9.nope"');
    const twice = await cli(
      ['batch', 'sheet', id, '--x', '3.seed', '--y', '3.seed', '--to', join(dir, 'y.png')],
      { env },
    );
    expect(twice.code).not.toBe(0);
    const kind = await cli(['batch', 'sheet', id, '--to', join(dir, 'sheet.gif')], { env });
    expect(kind.code).toBe(2);
  });
});
