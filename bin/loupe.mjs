#!/usr/bin/env node
// The `loupe` command (package.json "bin"). Runs the built CLI (out/main/cli.js) when a build exists;
// otherwise runs the TypeScript source through tsx, so `npx loupe` works right after `npm install`.
// LOUPE_CLI_FROM_SOURCE=1 forces the source, for working on the CLI with a stale build around.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const built = new URL('out/main/cli.js', root);
const source = new URL('src-main/cli/index.ts', root);

if (process.env.LOUPE_CLI_FROM_SOURCE !== '1' && existsSync(fileURLToPath(built))) {
  await import(built.href);
} else {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    process.stderr.write(
      'loupe: the CLI is not built and tsx is not installed to run it from source.\n' +
        'next: run `npm install` (tsx is a dev dependency) or `npm run build`.\n',
    );
    process.exit(1);
  }
  register();
  await import(source.href);
}
