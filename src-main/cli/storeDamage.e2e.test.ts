// The damage table through the CLI: for each way the disk can damage Loupe's store, a command run on that data
// folder prints one line (what happened, where, the command that gets past it) and exits 4 (5 when the disk
// refuses), and the command the line names brings the store back. Damage in a value (bad UTF-8) must not stop
// it: the value prints with a replacement character. The table is written to reports/store-damage-cli.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  caseFolder,
  damageCases,
  GOOD_BATCH,
  GOOD_PROFILE,
  makeGoodStore,
} from '../core/store/testing/damageCases';
import type { Undo } from '../core/store/testing/disks';
import { fullDiskFallback } from '../core/store/testing/fullDiskFallback';
import { cli } from './testing/cliHarness';

let parent: string;
const mounts: Undo[] = [];
const fixes: Undo[] = [];
const rows: string[] = [];

beforeAll(() => {
  parent = mkdtempSync(join(tmpdir(), 'loupe-cli-damage-'));
});
afterEach(() => {
  for (const undo of [...fixes.splice(0).reverse(), ...mounts.splice(0).reverse()]) undo();
});
afterAll(() => {
  const table = [
    '| case | exit | what the CLI prints (stderr, one line) |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
  console.log(`store damage through the CLI:\n${table}`);
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/store-damage-cli.md', `${table}\n`);
  rmSync(parent, { recursive: true, force: true });
});

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('`', "'").trim();

/** The recovery command a damage line names first (`loupe store start-fresh`, …). */
function namedCommand(line: string): string[] | null {
  const match = /`loupe (store [a-z-]+)`/.exec(line);
  return match?.[1]?.split(' ') ?? null;
}

describe('the CLI on a damaged store', () => {
  it.each(damageCases)('$name', async (damage) => {
    const { dataDir, unmount } = caseFolder(parent, damage);
    if (unmount !== null) mounts.push(unmount);
    const files = makeGoodStore(dataDir);
    const undo = damage.damage(files);
    if (undo !== null) fixes.push(undo);
    const env = { LOUPE_DATA_DIR: dataDir };
    const injected = damage.smallDisk === true && unmount === null;
    if (injected) fixes.push(fullDiskFallback());

    if (damage.kind === null) {
      const listed = await cli(['profiles', 'list'], { env });
      const batches = await cli(['batch', 'list', '--json'], { env });
      const shown = await cli(['batch', 'show', GOOD_BATCH.id, '--json'], { env });
      expect(listed.code).toBe(0);
      expect(batches.code).toBe(0);
      const seen = `${listed.stdout}${batches.stdout}${shown.stdout}`;
      expect(seen).toContain('\uFFFD');
      const values = [...seen.matchAll(/[\w-]*\uFFFD[\w-]*/g)].map((m) => m[0]);
      rows.push(
        `| ${damage.name} | 0 | (no error: the command runs) prints ${cell([...new Set(values)].join(', '))} |`,
      );
      return;
    }
    if (injected) {
      // Not root: SQLITE_FULL injected, met by the first write rather than the open check.
      const add = await cli(
        ['profiles', 'add', 'x', '--surface', 'self-hosted', '--url', 'http://127.0.0.1:9'],
        {
          env,
        },
      );
      expect(add.code).toBe(5);
      rows.push(`| ${damage.name} (injected, not root) | ${add.code} | ${cell(add.stderr)} |`);
      return;
    }

    const run = await cli(['profiles', 'list'], { env });
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(run.code).toBe(damage.kind === 'read_only' || damage.kind === 'disk_full' ? 5 : 4);
    expect(run.stdout).toBe('');
    expect(lines[0]).toContain(
      damage.kind === 'read_only' || damage.kind === 'disk_full' ? dataDir : files.database,
    );
    rows.push(`| ${damage.name} | ${run.code} | ${cell(lines[0] ?? '')} |`);

    const json = await cli(['profiles', 'list', '--json'], { env });
    expect(JSON.parse(json.stderr)).toMatchObject({
      error: { details: { kind: damage.kind, path: files.database } },
    });

    // What the line says to do gets the user back in.
    const next = namedCommand(lines[0] ?? '');
    if (next === null) {
      for (const fix of fixes.splice(0).reverse()) fix();
      rmSync(join(dataDir, 'filler.bin'), { force: true });
      expect((await cli(['store', 'check'], { env })).code).toBe(0);
    } else {
      const recovered = await cli(next, { env });
      expect(recovered.stderr).toBe('');
      expect(recovered.code).toBe(0);
      expect(recovered.stdout).toMatch(/ok: /);
    }
    const after = await cli(['profiles', 'list'], { env });
    expect(after.code).toBe(0);
    if (next?.[1] === 'keep-what-is-left' || next === null) expect(after.stdout).toContain(GOOD_PROFILE.name);
  });

  it('refuses to move a healthy store aside', async () => {
    const { dataDir } = caseFolder(parent, { name: 'healthy', kind: null, damage: () => null });
    makeGoodStore(dataDir);
    const run = await cli(['store', 'start-fresh'], { env: { LOUPE_DATA_DIR: dataDir } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('nothing_to_recover');
    expect((await cli(['profiles', 'list'], { env: { LOUPE_DATA_DIR: dataDir } })).stdout).toContain(
      GOOD_PROFILE.name,
    );
  });
});
