// `loupe library search|rate` against the simulator: a job the CLI submitted is in the library by its prompt
// words without anyone opening it, a rating sticks and filters, and bad input exits 2 with words, a missing
// entry 1, and FTS syntax typed into the query is just text.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textToImageWorkflow } from '../simulator/jobs/sampleWorkflows';
import type { RunningSimulator } from '../simulator/server';
import { startFast } from '../simulator/testing/testKit';
import { cli, simulatorEnv } from './testing/cliHarness';

interface Page {
  entries: Array<{ entryId: number; title: string; rating: number; seed: number | null }>;
  total: number;
  queryProblems: string[];
}

describe('loupe library', () => {
  let sim: RunningSimulator;
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    sim = await startFast({ surface: 'serverless' });
    dir = mkdtempSync(join(tmpdir(), 'loupe-cli-library-'));
    env = { ...simulatorEnv(sim.url, 'serverless', 'demo-key'), LOUPE_DATA_DIR: join(dir, 'data') };
    const workflow = join(dir, 'gulls.json');
    writeFileSync(
      workflow,
      JSON.stringify(textToImageWorkflow({ prompt: 'gulls over a grey harbour', seed: 4242 })),
    );
    const run = await cli(['jobs', 'submit', workflow, '--wait'], { env });
    expect(run.code).toBe(0);
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const search = async (query: string): Promise<Page> => {
    const run = await cli(['library', 'search', query, '--json'], { env });
    expect(run.code).toBe(0);
    return run.json()[0] as Page;
  };

  it('finds the submitted job’s output by a prompt word, a prefix and a filter, named by its prompt', async () => {
    const page = await search('harbour');
    expect(page.total).toBe(1);
    expect(page.entries[0]).toMatchObject({ title: 'gulls over a grey harbour', seed: 4242 });
    expect((await search('harb')).total).toBe(1);
    expect((await search('seed:4242')).total).toBe(1);
    expect((await search('seed:1')).total).toBe(0);
    const text = await cli(['library', 'search', 'gulls'], { env });
    expect(text.stdout).toContain('gulls over a grey harbour');
  });

  it('rates an entry, and the rating filters', async () => {
    const id = (await search('harbour')).entries[0]?.entryId ?? 0;
    const rated = await cli(['library', 'rate', String(id), '4'], { env });
    expect(rated.code).toBe(0);
    expect(rated.stdout).toContain('****-');
    expect((await search('rating:>=4')).entries.map((e) => e.entryId)).toEqual([id]);
  });

  it('refuses bad input with exit 2 and words, and a missing entry with exit 1', async () => {
    const badRating = await cli(['library', 'rate', '1', '9'], { env });
    expect(badRating.code).toBe(2);
    expect(badRating.stderr).toMatch(/not a rating/);
    const badId = await cli(['library', 'rate', 'abc', '3'], { env });
    expect(badId.code).toBe(2);
    const missing = await cli(['library', 'rate', '999999', '3'], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no library entry 999999/);
    const long = await cli(['library', 'search', 'x'.repeat(600)], { env });
    expect(long.code).toBe(2);
  });

  it('reads FTS syntax and unreadable filters as text, saying so on stderr', async () => {
    for (const query of ['NEAR(', '"', 'gulls OR -', '^*']) {
      const run = await cli(['library', 'search', query, '--json'], { env });
      expect(run.code).toBe(0);
    }
    const run = await cli(['library', 'search', 'seed:abc gulls'], { env });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/seed:abc.*needs a number/);
    expect(run.stdout).toContain('gulls over a grey harbour');
  });
});
