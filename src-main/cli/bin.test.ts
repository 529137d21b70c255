// bin/loupe.mjs as a real process: the entry users run (`npx loupe`), with its exit codes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const bin = resolve(import.meta.dirname, '../../bin/loupe.mjs');
const dataDir = mkdtempSync(join(tmpdir(), 'loupe-cli-bin-'));

function loupe(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    timeout: 20_000,
    env: { PATH: process.env.PATH ?? '', HOME: dataDir, LOUPE_DATA_DIR: dataDir, ...env },
  });
}

describe('bin/loupe.mjs', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints help and exits 0', () => {
    const result = loupe(['--help']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: loupe <command>');
  });

  it('runs the TypeScript source through tsx and passes the exit code on', () => {
    const result = loupe(['jobs', 'get'], { LOUPE_CLI_FROM_SOURCE: '1' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('`loupe jobs get` needs ID');
  });
});
