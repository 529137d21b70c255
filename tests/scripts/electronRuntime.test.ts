import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findElectronRuntime } from '../../scripts/electronRuntime.mjs';

const saved = process.env.ELECTRON_OVERRIDE_DIST_PATH;
afterEach(() => {
  if (saved === undefined) delete process.env.ELECTRON_OVERRIDE_DIST_PATH;
  else process.env.ELECTRON_OVERRIDE_DIST_PATH = saved;
});

describe('Electron runtime detection', () => {
  it('reports a missing runtime without trying to download it', () => {
    process.env.ELECTRON_OVERRIDE_DIST_PATH = mkdtempSync(join(tmpdir(), 'no-electron-'));
    expect(findElectronRuntime()).toEqual({
      found: false,
      reason: expect.stringContaining('not been downloaded') as string,
    });
  });

  it('finds a runtime that is present', () => {
    const dir = mkdtempSync(join(tmpdir(), 'electron-'));
    writeFileSync(join(dir, 'electron'), '');
    process.env.ELECTRON_OVERRIDE_DIST_PATH = dir;
    expect(findElectronRuntime()).toEqual({ found: true, path: join(dir, 'electron') });
  });
});

describe('npm start without Electron', () => {
  it('says so in one line and starts the browser shell', async () => {
    const { spawn } = await import('node:child_process');
    // What `npm run test:unit` built just before (the build step of `npm start` is the e2e suite's too).
    const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: mkdtempSync(join(tmpdir(), 'no-electron-')) },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no browser shell line in: ${output}`)), 60_000);
      child.stdout.on('data', () => {
        if (/loupe browser shell: http:\/\/127\.0\.0\.1:\d+\/#token=/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    child.kill('SIGTERM');
    const lines = output.split('\n').filter((line) => line.includes('no Electron runtime'));
    expect(lines).toEqual([
      'Loupe: no Electron runtime here (the Electron runtime binary has not been downloaded); starting the browser shell instead.',
    ]);
  }, 90_000);
});
