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
  /** This shell's data directory: a fresh store (a first run) unless one was given to reuse. */
  dataDir: string;
  /** Where this shell's exports go (its Downloads/Loupe): inside the data directory, never the user's. */
  exportDir: string;
  process: ChildProcess;
  /** What the shell has written to stderr so far. */
  stderr(): string;
}

export interface WebShellOptions {
  /** Start on this data directory (a later launch of the same Loupe); the caller removes it. */
  dataDir?: string;
}

export async function startWebShell(options: WebShellOptions = {}): Promise<WebShell> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'loupe-e2e-'));
  const child = spawn(process.execPath, ['out/main/web.js', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LOUPE_DATA_DIR: dataDir, LOUPE_EXPORT_DIR: join(dataDir, 'exports') },
  });
  const stderr: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`browser shell did not start: ${stderr.join('')}`));
    }, 15_000);
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
  return {
    url,
    origin: new URL(url).origin,
    dataDir,
    exportDir: join(dataDir, 'exports'),
    process: child,
    stderr: () => stderr.join(''),
  };
}

/**
 * Stops a shell with `signal` (SIGTERM: a clean quit; SIGKILL: a crash) and waits until it is gone. A clean
 * quit that has not finished within 10 s (work it waits for is held somewhere) ends with SIGKILL.
 */
export async function stopWebShell(shell: WebShell, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const child = shell.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const stuck = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(stuck);
}

// Test-scoped: every test gets its own shell and data directory, so no test depends on what another left.
export const test = base.extend<{ webShell: WebShell }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  webShell: async ({}, use) => {
    const shell = await startWebShell();
    await use(shell);
    await stopWebShell(shell);
    rmSync(shell.dataDir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';
