import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const tsx = join(root, 'node_modules/.bin/tsx');

/** Runs a script in a fresh Node process (tsx, like the hosts in development), returning how it ended. */
function runScript(source: string) {
  return spawnSync(tsx, ['--eval', source], { cwd: root, encoding: 'utf8', timeout: 30_000 });
}

describe('process guards', () => {
  it('keep a process alive through an unhandled rejection, and say so', () => {
    const guarded = runScript(`
      import { installProcessGuards } from './src-main/core/supervision/processGuards.ts';
      const guards = installProcessGuards((message, error) => console.error(message + ': ' + error.message));
      Promise.reject(new Error('nobody caught me'));
      setTimeout(() => { console.log('still here, unhandled=' + guards.unhandled); process.exit(0); }, 50);
    `);
    expect(guarded.stderr).toContain('nothing handled it; Loupe goes on: nobody caught me');
    expect(guarded.stdout).toContain('still here, unhandled=1');
    expect(guarded.status).toBe(0);
  });

  it('are needed: without them the same rejection ends the process', () => {
    const bare = runScript(`
      Promise.reject(new Error('nobody caught me'));
      setTimeout(() => { console.log('still here'); process.exit(0); }, 50);
    `);
    expect(bare.stdout).not.toContain('still here');
    expect(bare.status).not.toBe(0);
  });

  it('are installed by every host first thing', () => {
    for (const host of ['src-main/web/serve.ts', 'src-main/electron/main.ts', 'src-main/cli/index.ts']) {
      const source = readFileSync(join(root, host), 'utf8');
      const install = source.indexOf('installProcessGuards(');
      // Before anything that can start background work (core, the window, the command).
      const firstWork = Math.min(
        ...['createCore(', 'runCli(', 'app.whenReady(', 'startBrowserShell(', 'hostedCore('].map((call) => {
          const at = source.indexOf(call);
          return at < 0 ? Number.MAX_SAFE_INTEGER : at;
        }),
      );
      expect(install, host).toBeGreaterThan(0);
      expect(install, host).toBeLessThan(firstWork);
    }
  });
});
