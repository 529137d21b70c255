// Starts the real browser shell (the built `out/main/web.js`) on a free loopback port for a test worker.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test as base } from '@playwright/test';

export interface WebShell {
  /** The launch URL, token included. */
  url: string;
  origin: string;
  /** This shell's own data directory (a fresh store: a first run). */
  dataDir: string;
  process: ChildProcess;
}

export async function startWebShell(): Promise<WebShell> {
  const dataDir = mkdtempSync(join(tmpdir(), 'loupe-e2e-'));
  const child = spawn(process.execPath, ['out/main/web.js', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LOUPE_DATA_DIR: dataDir },
  });
  const stderr: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`browser shell did not start: ${stderr.join('')}`)),
      15_000,
    );
    lines.on('line', (line) => {
      const match = /^loupe browser shell: (\S+)$/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) =>
      reject(new Error(`browser shell exited with ${code ?? 'signal'}: ${stderr.join('')}`)),
    );
  });
  return { url, origin: new URL(url).origin, dataDir, process: child };
}

// Test-scoped: every test gets its own shell and data directory, so no test depends on what another left.
export const test = base.extend<{ webShell: WebShell }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  webShell: async ({}, use) => {
    const shell = await startWebShell();
    await use(shell);
    const exited = new Promise((resolve) => shell.process.once('exit', resolve));
    shell.process.kill('SIGTERM');
    await exited;
    rmSync(shell.dataDir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';
