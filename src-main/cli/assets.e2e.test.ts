// `loupe assets` against the simulator: the hash agrees with b3sum, a repeated upload sends no file bytes
// (HEAD by-hash, then from-hash), and a download is checked against the asset's hash.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../simulator/server';
import { startFast } from '../simulator/testing/testKit';
import { cli, simulatorEnv } from './testing/cliHarness';

interface UploadResult {
  assetId: string;
  hash: string | null;
  method: string;
  bytesSent: number;
}

describe('loupe assets', () => {
  let sim: RunningSimulator;
  let dir: string;
  let file: string;
  let env: Record<string, string>;
  const bytes = Buffer.alloc(3 * 1024 * 1024 + 17);

  beforeAll(async () => {
    sim = await startFast({ surface: 'managed' });
    env = simulatorEnv(sim.url, 'managed', 'demo-key');
    dir = mkdtempSync(join(tmpdir(), 'loupe-cli-assets-'));
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
    file = join(dir, 'input.bin');
    writeFileSync(file, bytes);
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hashes a file exactly as b3sum does', async () => {
    const run = await cli(['assets', 'hash', file]);
    expect(run.code).toBe(0);
    const expected = execFileSync('/usr/bin/b3sum', ['--no-names', file], { encoding: 'utf8' }).trim();
    expect(run.stdout).toBe(`blake3:${expected}\n`);
  });

  it('hashes an empty file', async () => {
    const empty = join(dir, 'empty');
    writeFileSync(empty, '');
    const run = await cli(['assets', 'hash', empty]);
    const expected = execFileSync('/usr/bin/b3sum', ['--no-names', empty], { encoding: 'utf8' }).trim();
    expect(run.stdout.trim()).toBe(`blake3:${expected}`);
  });

  it('uploads once, and a second upload of the same bytes sends none of them', async () => {
    const first = await cli(['assets', 'upload', file, '--json'], { env });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const uploaded = first.json()[0] as UploadResult;
    expect(uploaded.method).toBe('upload');
    const received = sim.control.stats().uploadBytesReceived;
    expect(received).toBeGreaterThanOrEqual(bytes.length);

    const second = await cli(['assets', 'upload', file, '--json'], { env });
    expect(second.code).toBe(0);
    const reused = second.json()[0] as UploadResult;
    expect(reused.method).toBe('from-hash');
    expect(reused.bytesSent).toBe(0);
    expect(sim.control.stats().uploadBytesReceived).toBe(received);
    const hash = (await cli(['assets', 'hash', file])).stdout.trim();
    expect(reused.hash).toBe(hash);

    const multipart = sim.control
      .requests()
      .filter((r) => r.method === 'POST' && r.path.endsWith('/api/v2/assets'));
    expect(multipart).toHaveLength(1);
  });

  it('downloads an asset (through the signed-URL redirect) and checks its hash', async () => {
    const upload = (await cli(['assets', 'upload', file, '--json'], { env })).json()[0] as UploadResult;
    const target = join(dir, 'copy.bin');
    const run = await cli(['assets', 'get', upload.assetId, '-o', target], { env });
    expect(run.code).toBe(0);
    expect(readFileSync(target).equals(bytes)).toBe(true);
    const storage = sim.control.requests().filter((r) => r.path.startsWith('/_storage/'));
    expect(storage.length).toBeGreaterThan(0);
    expect(storage.every((r) => !r.credentials)).toBe(true);
  });

  it('reports a missing file as a usage error without contacting the service', async () => {
    const before = sim.control.requests().length;
    const run = await cli(['assets', 'upload', join(dir, 'nope.png')], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('does not exist');
    expect(sim.control.requests().length).toBe(before);
  });
});
