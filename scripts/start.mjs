// `npm start`: build, then launch the Electron app, or the browser shell when there is no Electron runtime.
// `npm run serve` (`--browser`): always the browser shell. `--no-build` starts what was last built (the tests
// of `npm start` itself: `npm run test:unit` builds once before them).
import { spawn, spawnSync } from 'node:child_process';
import { findElectronRuntime } from './electronRuntime.mjs';

const OWN_FLAGS = ['--browser', '--no-build'];
const browserOnly = process.argv.includes('--browser');
const passThrough = process.argv.slice(2).filter((arg) => !OWN_FLAGS.includes(arg));

if (!process.argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) {
    console.error('Loupe: the build failed (see above).');
    process.exit(build.status ?? 1);
  }
}

function run(command, args) {
  const child = spawn(command, args, { stdio: 'inherit' });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
}

const runtime = browserOnly ? null : findElectronRuntime();
if (runtime?.found) {
  run(runtime.path, ['.', ...passThrough]);
} else {
  if (runtime)
    console.log(`Loupe: no Electron runtime here (${runtime.reason}); starting the browser shell instead.`);
  run(process.execPath, ['out/main/web.js', ...passThrough]);
}
