// The CLI prints exactly one listening line, serves, and stops on SIGTERM.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
  url: string | null;
}

function runCli(args: string[], whileListening: (url: string) => Promise<void>): Promise<Run> {
  return new Promise((resolve, reject) => {
    // Its own process group, so SIGTERM reaches npx, tsx and the node process under them alike.
    const child = spawn('npx', ['tsx', 'src-main/simulator/cli.ts', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const stop = (): void => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    };
    let stdout = '';
    let stderr = '';
    let started = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^listening on (\S+)\n/.exec(stdout);
      if (match?.[1] && !started) {
        started = true;
        whileListening(match[1]).catch(reject).finally(stop);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    const watchdog = setTimeout(stop, 20_000);
    child.on('exit', (code) => {
      clearTimeout(watchdog);
      resolve({ stdout, stderr, code, url: /^listening on (\S+)/.exec(stdout)?.[1] ?? null });
    });
  });
}

describe('cli', () => {
  it('prints one listening line with the prefix and serves the surface', async () => {
    const run = await runCli(
      [
        '--surface',
        'managed',
        '--port',
        '0',
        '--prefix',
        '/mount',
        '--api-key',
        'K',
        '--url-ttl',
        '60',
        '--faults',
        'queue_full',
      ],
      async (url) => {
        expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mount$/);
        const response = await fetch(`${url}/api/v2/jobs`, {
          method: 'POST',
          headers: { authorization: 'Bearer K', 'content-type': 'application/json' },
          body: JSON.stringify({
            workflow: { '1': { class_type: 'SaveText', inputs: { text: 'x', filename_prefix: 'x' } } },
          }),
        });
        expect(response.status).toBe(429);
        expect(response.headers.get('retry-after')).toBe('5');
      },
    );
    expect(run.stdout.split('\n').filter((line) => line !== '')).toHaveLength(1);
    // After SIGTERM the server is gone.
    await expect(fetch(`${run.url ?? ''}/api/v2/jobs`)).rejects.toThrow();
  }, 30_000);

  it('refuses an unknown surface with a usage message', async () => {
    const run = await runCli(['--surface', 'mainframe'], () => Promise.resolve());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('usage: simulate');
    expect(run.stdout).toBe('');
  }, 30_000);
});
