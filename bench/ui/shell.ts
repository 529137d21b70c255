// The browser shell as a user launches it: `node out/main/web.js` on a data directory, spawned from here so
// the moment of the spawn is known (cold start counts from it). Stopped by its own process id.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { BENCH_OUT } from './build';
import { epochNow } from './clock';

export interface BenchShell {
  /** The launch URL, token in its fragment. */
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  /** Epoch ms (sub-ms) just before the process was spawned, and when it printed its URL. */
  spawnedAt: number;
  listeningAt: number;
  process: ChildProcess;
}

/** `startTimeoutMs`: how long it may take to say its URL (a big store takes longer to open). */
export async function startShell(dataDir: string, startTimeoutMs = 20_000): Promise<BenchShell> {
  const spawnedAt = epochNow();
  const child = spawn(process.execPath, [join(BENCH_OUT, 'main/web.js'), '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LOUPE_DATA_DIR: dataDir },
  });
  const stderr: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  // A shell that dies mid-bench says why (its last words), instead of leaving only timeouts behind.
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal === null)
      console.error(`  the shell exited with ${code}: ${stderr.join('').slice(-2_000)}`);
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the browser shell did not start: ${stderr.join('')}`));
    }, startTimeoutMs);
    lines.on('line', (line) => {
      const match = /^loupe browser shell: (\S+)$/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the browser shell exited with ${code ?? 'a signal'}: ${stderr.join('')}`));
    });
  });
  const listeningAt = epochNow();
  const parsed = new URL(url);
  const token = /token=([A-Za-z0-9_-]+)/.exec(parsed.hash)?.[1] ?? '';
  return { url, origin: parsed.origin, token, dataDir, spawnedAt, listeningAt, process: child };
}

/** A clean quit (SIGTERM), with SIGKILL if it has not gone within 10 s. */
export async function stopShell(shell: BenchShell): Promise<void> {
  const child = shell.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const stuck = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(stuck);
}
