// Test support: runs the CLI in-process with in-memory streams, a fake keychain and fast polling, and
// hands back the exit code and what was written.
import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fastWatch } from '../../core/jobs/testing/conformance/jobsHarness';
import { FakeKeychain } from '../../core/profiles/testing/fakeKeychain';
import type { OutputSink } from '../io';
import { runCli } from '../main';

export class MemorySink implements OutputSink {
  private readonly chunks: Buffer[] = [];
  private readonly listeners: Array<(text: string) => void> = [];

  constructor(readonly isTTY = false) {}

  write(chunk: string | Uint8Array): boolean {
    const buffer = Buffer.from(chunk);
    this.chunks.push(buffer);
    for (const listener of this.listeners) listener(buffer.toString('utf8'));
    return true;
  }

  onWrite(listener: (text: string) => void): void {
    this.listeners.push(listener);
  }

  get bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }

  get text(): string {
    return this.bytes.toString('utf8');
  }
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  stdoutBytes: Buffer;
  /** stdout parsed as JSON lines. */
  json(): unknown[];
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  stdin?: string;
  keychain?: FakeKeychain;
  signal?: AbortSignal;
  /** Stands in for the network (to watch or change what the CLI sends). */
  fetch?: typeof fetch;
  stdout?: MemorySink;
  stderr?: MemorySink;
  /** `jobs watch`'s patience with a silent service (tests shorten it). */
  silenceLimitMs?: number;
}

export async function cli(argv: string[], options: CliOptions = {}): Promise<CliRun> {
  const stdout = options.stdout ?? new MemorySink();
  const stderr = options.stderr ?? new MemorySink();
  const keychain = options.keychain ?? new FakeKeychain();
  // A throwaway data directory for runs that do not choose one, so no test touches the real profiles.
  const scratchDataDir = mkdtempSync(join(tmpdir(), 'loupe-cli-scratch-'));
  const code = await runCli(
    argv,
    {
      stdout,
      stderr,
      stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
      // Never the real environment: no test may read or write the developer's own profiles.
      env: { LOUPE_DATA_DIR: scratchDataDir, ...options.env },
      cwd: options.cwd ?? process.cwd(),
    },
    {
      keychain: () => keychain,
      watch: fastWatch,
      ...(options.silenceLimitMs === undefined ? {} : { silenceLimitMs: options.silenceLimitMs }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    },
  ).finally(() => rmSync(scratchDataDir, { recursive: true, force: true }));
  const stdoutText = stdout.text;
  return {
    code,
    stdout: stdoutText,
    stderr: stderr.text,
    stdoutBytes: stdout.bytes,
    json: () =>
      stdoutText
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as unknown),
  };
}

/** The environment that points the CLI at a running simulator. */
export function simulatorEnv(url: string, surface: string, apiKey: string | null): Record<string, string> {
  return {
    LOUPE_BASE_URL: url,
    LOUPE_SURFACE: surface,
    ...(apiKey === null ? {} : { LOUPE_API_KEY: apiKey }),
  };
}

/** Temporary folders for one test file, all removed after it: `const tempDir = tempDirs(); tempDir('name')`. */
export function tempDirs(): (name: string) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return (name) => {
    const dir = mkdtempSync(join(tmpdir(), `loupe-cli-${name}-`));
    made.push(dir);
    return dir;
  };
}
