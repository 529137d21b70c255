// `loupe library keep|export` against the simulator: a job the CLI submitted is kept by a word of its prompt
// and its original lands in the library folder with the service's blake3 (the headless core runs the keep
// queue to its end before the command exits); export writes the file and the manifests; a query that matches
// nothing says so; a keep the service can no longer serve fails with its reason (exit 1) while a kept entry still
// exports from its copy; bad arguments exit 2.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashChunksWithWasm } from '../core/uploads/wasmHash';
import { textToImageWorkflow } from '../simulator/jobs/sampleWorkflows';
import type { RunningSimulator } from '../simulator/server';
import { startFast } from '../simulator/testing/testKit';
import { cli, MemorySink, simulatorEnv } from './testing/cliHarness';

interface Entry {
  entryId: number;
  hash: string | null;
  keep: string;
  name: string;
}

describe('loupe library keep and export', () => {
  let sim: RunningSimulator;
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    sim = await startFast({ surface: 'serverless' });
    dir = mkdtempSync(join(tmpdir(), 'loupe-cli-library-keep-'));
    env = { ...simulatorEnv(sim.url, 'serverless', 'demo-key'), LOUPE_DATA_DIR: join(dir, 'data') };
    const workflow = join(dir, 'lighthouse.json');
    writeFileSync(
      workflow,
      JSON.stringify(textToImageWorkflow({ prompt: 'a lighthouse in driving sleet', seed: 77 })),
    );
    expect((await cli(['jobs', 'submit', workflow, '--wait'], { env })).code).toBe(0);
    const other = join(dir, 'cormorant.json');
    writeFileSync(other, JSON.stringify(textToImageWorkflow({ prompt: 'a cormorant on a post', seed: 78 })));
    expect((await cli(['jobs', 'submit', other, '--wait'], { env })).code).toBe(0);
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const entryOf = async (query: string): Promise<Entry> => {
    const run = await cli(['library', 'search', query, '--json'], { env });
    const page = run.json()[0] as { entries: Entry[] };
    expect(page.entries).toHaveLength(1);
    return page.entries[0] as Entry;
  };

  it('keeps by a prompt word: the original is in the library folder with the service’s blake3', async () => {
    const before = await entryOf('sleet');
    expect(before.keep).toBe('none');
    expect(before.hash).toMatch(/^blake3:[0-9a-f]{64}$/);

    const run = await cli(['library', 'keep', 'sleet', '--json'], { env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = run.json()[0] as { matched: number; kept: number[]; failed: unknown[]; folder: string };
    expect(report).toMatchObject({ matched: 1, kept: [before.entryId], failed: [] });
    expect(report.folder.startsWith(join(dir, 'data'))).toBe(true);
    expect(report.folder.endsWith('library')).toBe(true);

    const hex = (before.hash ?? '').slice('blake3:'.length);
    const names = readdirSync(join(report.folder, hex.slice(0, 2))).filter(
      (name) => name.startsWith(`${hex}.`) && !name.endsWith('.json'),
    );
    expect(names).toHaveLength(1);
    const bytes = readFileSync(join(report.folder, hex.slice(0, 2), names[0] ?? ''));
    expect(await hashChunksWithWasm([bytes])).toBe(before.hash);
    expect((await entryOf('sleet')).keep).toBe('kept');

    // Again: nothing to download, said as such, and the text output names the entry.
    const again = await cli(['library', 'keep', 'sleet'], { env });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/already kept\s+a lighthouse in driving sleet/);
    expect(again.stderr).toMatch(/0 entries kept, 1 already kept/);
  });

  it('exports the matches: the file (from the kept copy) and both manifests', async () => {
    const entry = await entryOf('lighthouse');
    const to = join(dir, 'export');
    const run = await cli(['library', 'export', 'lighthouse', '--to', to, '--json'], { env });
    expect(run.code).toBe(0);
    const result = run.json()[0] as { folder: string; entries: Array<{ file: string; source: string }> };
    expect(result.folder).toBe(to);
    expect(result.entries).toHaveLength(1);
    expect(result.entries[0]?.source).toBe('kept');
    const file = readFileSync(join(to, result.entries[0]?.file ?? ''));
    // The kept original with the workflow the CLI sent written in as its `prompt` chunk, so the picture opens
    // as a workflow again; the manifest names the file's own hash.
    expect(file.includes(Buffer.from('tEXtprompt\0', 'latin1'))).toBe(true);
    const fileHash = await hashChunksWithWasm([file]);
    expect(fileHash).not.toBe(entry.hash);
    const manifest = JSON.parse(readFileSync(join(to, 'manifest.json'), 'utf8')) as {
      entries: Array<{ entryId: number; hash: string; error: string | null }>;
    };
    expect(manifest.entries).toEqual([
      expect.objectContaining({ entryId: entry.entryId, hash: fileHash, error: null }),
    ]);
    expect(readFileSync(join(to, 'manifest.csv'), 'utf8')).toContain(fileHash);
  });

  it('says so when the query matches nothing, and writes nothing', async () => {
    const kept = await cli(['library', 'keep', 'albatross'], { env });
    expect(kept.code).toBe(0);
    expect(kept.stderr).toMatch(/Nothing in the library matches; nothing was kept/);
    const to = join(dir, 'nothing');
    const exported = await cli(['library', 'export', 'albatross', '--to', to], { env });
    expect(exported.code).toBe(0);
    expect(exported.stderr).toMatch(/Nothing in the library matches; nothing was saved/);
    expect(existsSync(to)).toBe(false);
  });

  it('once the service forgot the outputs: a keep fails with the reason and exit 1, a kept entry still exports', async () => {
    sim.control.advanceClock(400 * 24 * 60 * 60 * 1000);
    const run = await cli(['library', 'keep', 'cormorant', '--json'], { env });
    expect(run.code).toBe(1);
    const report = run.json()[0] as { kept: number[]; failed: Array<{ message: string }> };
    expect(report.kept).toEqual([]);
    expect(report.failed).toHaveLength(1);
    expect(report.failed[0]?.message.length).toBeGreaterThan(10);
    // On a terminal, progress is drawn on stderr while the queue runs.
    const text = await cli(['library', 'keep', 'cormorant'], { env, stderr: new MemorySink(true) });
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('keeping  0 / 1');
    expect(text.stdout).toMatch(/failed\s+a cormorant on a post: \S/);
    expect(text.stderr).toMatch(/1 could not be kept/);

    const failedExport = await cli(['library', 'export', 'cormorant', '--to', join(dir, 'gone')], { env });
    expect(failedExport.code).toBe(1);
    expect(failedExport.stderr).toMatch(
      /a cormorant on a post: \S.*\n.*0 files saved.*1 could not be saved/s,
    );
    const manifest = JSON.parse(readFileSync(join(dir, 'gone', 'manifest.json'), 'utf8')) as {
      entries: Array<{ file: string | null; error: string | null }>;
    };
    expect(manifest.entries).toHaveLength(1);
    expect(manifest.entries[0]?.file).toBeNull();
    expect(manifest.entries[0]?.error).toMatch(/\S/);

    // The kept copy outlives the service's: the lighthouse still exports, from it.
    const kept = await cli(['library', 'export', 'lighthouse', '--to', join(dir, 'after'), '--json'], {
      env,
    });
    expect(kept.code).toBe(0);
    const { entries } = kept.json()[0] as { entries: Array<{ source: string | null; error: string | null }> };
    expect(entries).toEqual([expect.objectContaining({ source: 'kept', error: null })]);
  });

  it('refuses bad arguments with exit 2', async () => {
    expect((await cli(['library', 'export', 'lighthouse'], { env })).code).toBe(2);
    expect((await cli(['library', 'keep'], { env })).code).toBe(2);
    expect((await cli(['library', 'keep', 'x'.repeat(600)], { env })).code).toBe(2);
    expect((await cli(['library', 'keep', 'a', 'b'], { env })).code).toBe(2);
    expect((await cli(['library', 'export', 'a', '--to'], { env })).code).toBe(2);
  });
});
