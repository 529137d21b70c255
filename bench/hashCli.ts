// The CLI for the hashing bench: `loupe assets hash FILE` as a user's `npx loupe` runs it. bin/loupe.mjs only
// imports out/main/cli.js when a build exists, and runs the sources through tsx otherwise. Neither suits a
// measurement: out/ may be older than the sources (and is shared with whoever is running the end-to-end tests),
// and tsx spends a second and a half, give or take half a second, compiling before it starts, noise larger than
// the hash itself. So the bench builds the CLI entry the way `npm run build` does (Vite, dependencies left to
// node_modules, one ES module) into bench/.data, runs that file with node, and deletes it afterwards.
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'vite';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const outDir = fileURLToPath(new URL('./.data/hash-cli/', import.meta.url));

export interface BuiltCli {
  /** What `loupe assets hash <file>` printed: `blake3:<hex>`. */
  hash(file: string): Promise<string>;
  remove(): void;
}

export async function buildCli(): Promise<BuiltCli> {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: repoRoot,
    build: {
      ssr: fileURLToPath(new URL('../src-main/cli/index.ts', import.meta.url)),
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      rollupOptions: { output: { format: 'es', entryFileNames: 'cli.js' } },
    },
  });
  const entry = `${outDir}cli.js`;
  return {
    hash: async (file) =>
      (await run(process.execPath, [entry, 'assets', 'hash', file], { cwd: repoRoot })).stdout.trim(),
    remove: () => rmSync(outDir, { recursive: true, force: true }),
  };
}
