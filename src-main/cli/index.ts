// The `loupe` process: runs the CLI with the real streams and environment, turns Ctrl-C into a clean stop
// (exit 130), and exits with the code `runCli` returns.
import { systemKeychain } from '../core/profiles';
import { installProcessGuards } from '../core/supervision';
import { runCli } from './main';

// A bug that leaves a promise unhandled is said on stderr; the command still ends with its own exit code.
installProcessGuards((message, error) => {
  process.stderr.write(`loupe: ${message}: ${error instanceof Error ? error.message : String(error)}\n`);
});

const interrupt = new AbortController();
let interrupts = 0;
process.on('SIGINT', () => {
  interrupts++;
  // The first Ctrl-C lets the command stop cleanly; a second one means "now".
  if (interrupts > 1) process.exit(130);
  interrupt.abort(new DOMException('Interrupted', 'AbortError'));
});
// `loupe jobs list | head` closes the pipe early: that is the reader's choice, not a failure to report.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

runCli(
  process.argv.slice(2),
  {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
  },
  { keychain: () => systemKeychain(), signal: interrupt.signal },
).then(
  (code) => {
    // Exit explicitly: idle keep-alive sockets or a paused stdin must not keep a finished command alive.
    process.stdout.write('', () => process.exit(code));
  },
  (error: unknown) => {
    // runCli reports every error it knows; one that escapes it is a bug, said once, with the internal code.
    process.stderr.write(`error: internal: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
