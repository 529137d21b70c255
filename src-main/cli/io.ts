// What the CLI talks to: streams, environment and working directory passed in, so `runCli` runs the same
// in a test (in-memory sinks, a fake keychain) as in a real process.
import type { KeychainBackend } from '../core/profiles';
import type { WatchConfig } from '../core/watch';
import { safeJson, visible } from './terminalText';

export interface OutputSink {
  write(chunk: string | Uint8Array): unknown;
  isTTY?: boolean;
  columns?: number;
  /** Present on real streams: used to wait for `drain` when a large binary write backs up. */
  once?(event: 'drain', listener: () => void): unknown;
}

export interface InputSource extends AsyncIterable<string | Uint8Array> {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
  pause?(): unknown;
}

export interface CliIo {
  stdout: OutputSink;
  stderr: OutputSink;
  /** Read only by `--api-key-stdin`. */
  stdin?: InputSource;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
}

export interface CliDeps {
  /** Where saved profile credentials live; the OS keychain unless a test passes an in-memory one. */
  keychain?: () => KeychainBackend;
  fetch?: typeof fetch;
  /** Aborted when the user interrupts (Ctrl-C): long commands stop and exit 130. */
  signal?: AbortSignal;
  /** Core's job watcher intervals (tests shorten them; the app's defaults otherwise). */
  watch?: Partial<WatchConfig>;
  /** How long `jobs watch` waits without any answer before it says it cannot tell (default 2 min). */
  silenceLimitMs?: number;
  /** Where core's background failures go (default: stderr, one line each). */
  logError?: (message: string, error: unknown) => void;
}

/** Printing for one command run: results on stdout, notes and progress on stderr. */
export class Output {
  constructor(
    private readonly io: CliIo,
    /** --json: stdout carries only machine-readable documents. */
    readonly json: boolean,
  ) {}

  get stdoutIsTerminal(): boolean {
    return this.io.stdout.isTTY === true;
  }

  get stderrIsTerminal(): boolean {
    return this.io.stderr.isTTY === true;
  }

  /** One JSON document (or one line of a JSON-lines stream). */
  document(value: unknown): void {
    this.io.stdout.write(`${safeJson(value)}\n`);
  }

  /** A line of human output. Pass server text through `visible` (or `text`) before it gets here. */
  line(text = ''): void {
    this.io.stdout.write(`${text}\n`);
  }

  /** Multi-line untrusted text (a log): raw into a file or pipe, with controls made visible on a terminal. */
  untrustedBlock(text: string): void {
    const shown = this.stdoutIsTerminal ? visible(text, { multiline: true }) : text;
    this.io.stdout.write(shown.endsWith('\n') || shown === '' ? shown : `${shown}\n`);
  }

  /** A remark for a person (what happened, what to do): stderr, so it never mixes into results. */
  note(text: string): void {
    this.io.stderr.write(`${text}\n`);
  }

  /** Rewrites the current stderr line (progress); only on a terminal. */
  status(text: string): void {
    if (!this.stderrIsTerminal) return;
    const width = Math.max(20, (this.io.stderr.columns ?? 80) - 1);
    this.io.stderr.write(`\r\u001b[2K${text.slice(0, width)}`);
  }

  clearStatus(): void {
    if (this.stderrIsTerminal) this.io.stderr.write('\r\u001b[2K');
  }

  /** Raw bytes to stdout (a download to `-`), waiting for the stream to drain when it backs up. */
  async bytes(chunk: Uint8Array): Promise<void> {
    const sink = this.io.stdout;
    const flushed = sink.write(chunk);
    if (flushed === false && sink.once !== undefined) {
      const once = sink.once.bind(sink);
      await new Promise<void>((resolve) => once('drain', resolve));
    }
  }
}
