// The bench measures the app as built: it builds first (electron-vite, a few seconds), then copies the build
// to out/bench-ui/, so a build someone else starts in this tree meanwhile cannot swap files under a running
// shell. It also reads the renderer's chunks: what the page must fetch and parse before its first paint is
// part of cold start.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Where the bench's own copy of the build lives; node_modules still resolve from the repository. */
export const BENCH_OUT = resolve('out/bench-ui');
const RENDERER = join(BENCH_OUT, 'renderer');

/** Builds (unless LOUPE_BENCH_NO_BUILD=1: then the build already in out/ is measured) and copies it. */
export function buildApp(): void {
  if (process.env.LOUPE_BENCH_NO_BUILD !== '1') {
    const bin = resolve('node_modules/electron-vite/bin/electron-vite.js');
    const run = spawnSync(process.execPath, [bin, 'build'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`electron-vite build failed:\n${run.stdout}\n${run.stderr}`);
  }
  rmSync(BENCH_OUT, { recursive: true, force: true });
  for (const part of ['main', 'preload', 'renderer']) {
    cpSync(resolve('out', part), join(BENCH_OUT, part), { recursive: true });
  }
  // A build that raced another one could leave index.html naming a script that is not there.
  const entry = entryScript();
  if (!existsSync(join(RENDERER, entry)))
    throw new Error(`the copied build lacks ${entry}; run the bench again`);
}

function entryScript(): string {
  const html = readFileSync(join(RENDERER, 'index.html'), 'utf8');
  const entry = /<script[^>]+src="(?:\.?\/)?([^"]+\.js)"/.exec(html)?.[1];
  if (entry === undefined) throw new Error('the built index.html names no entry script');
  return entry;
}

export interface RendererChunks {
  /** The script index.html loads: what runs before anything is drawn. */
  entryBytes: number;
  entryGzipBytes: number;
  /** Scripts loaded only when needed (screens, libraries only they use), workers not counted. */
  lazyScripts: number;
  allScriptBytes: number;
}

export function rendererChunks(): RendererChunks {
  const entryPath = entryScript();
  const entry = readFileSync(join(RENDERER, entryPath));
  const scripts = readdirSync(join(RENDERER, 'assets')).filter((name) => name.endsWith('.js'));
  const others = scripts.filter((name) => `assets/${name}` !== entryPath && !/worker/i.test(name));
  return {
    entryBytes: entry.length,
    entryGzipBytes: gzipSync(entry).length,
    lazyScripts: others.length,
    allScriptBytes: scripts.reduce((sum, name) => sum + statSync(join(RENDERER, 'assets', name)).size, 0),
  };
}
