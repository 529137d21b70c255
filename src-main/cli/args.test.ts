// Argument parsing and usage errors: exit 2 with a message that says what is wrong and where help is.
import { describe, expect, it } from 'vitest';
import { parseInvocation } from './args';
import { commandTable } from './commandTable';
import { cli } from './testing/cliHarness';

describe('parseInvocation', () => {
  it('finds the command with global options before, between and after the words', () => {
    for (const argv of [
      ['--json', 'jobs', 'get', 'ID'],
      ['jobs', 'get', 'ID', '--json'],
      ['--profile', 'prod', 'jobs', 'get', 'ID', '--json'],
      ['--profile=prod', '--json', 'jobs', 'get', 'ID'],
    ]) {
      const invocation = parseInvocation(argv, commandTable);
      expect(invocation.kind).toBe('command');
      if (invocation.kind !== 'command') continue;
      expect(invocation.spec.words).toEqual(['jobs', 'get']);
      expect(invocation.args.positionals).toEqual(['ID']);
      expect(invocation.globals.json).toBe(true);
    }
  });

  it('reads repeated and valued options', () => {
    const invocation = parseInvocation(
      ['jobs', 'submit', 'wf.json', '--label', 'a=1', '--label=b=2', '--wait'],
      commandTable,
    );
    if (invocation.kind !== 'command') throw new Error('expected a command');
    expect(invocation.args.strings('label')).toEqual(['a=1', 'b=2']);
    expect(invocation.args.flag('wait')).toBe(true);
  });

  it('takes "-" as a positional (standard input)', () => {
    const invocation = parseInvocation(['jobs', 'submit', '-'], commandTable);
    expect(invocation.kind === 'command' && invocation.args.positionals).toEqual(['-']);
  });

  it('answers help for the overview, a group and a command', () => {
    expect(parseInvocation([], commandTable)).toMatchObject({ kind: 'help', words: [], reason: null });
    expect(parseInvocation(['jobs', '--help'], commandTable)).toMatchObject({
      kind: 'help',
      words: ['jobs'],
      reason: null,
    });
    expect(parseInvocation(['jobs', 'submit', '-h'], commandTable)).toMatchObject({
      kind: 'help',
      words: ['jobs', 'submit'],
    });
    expect(parseInvocation(['--version'], commandTable)).toMatchObject({ kind: 'version' });
  });
});

describe('usage errors', () => {
  const cases: Array<[string[], string]> = [
    [['frobnicate'], 'There is no command `frobnicate`'],
    [['jobs'], '`loupe jobs` needs a command'],
    [['jobs', 'frob'], 'There is no command `jobs frob`'],
    [['jobs', 'get'], '`loupe jobs get` needs ID'],
    [['jobs', 'get', 'a', 'b'], 'Unexpected argument: b'],
    [['jobs', 'get', 'ID', '--frob'], "Unknown option '--frob'"],
    [['jobs', 'list', '--limit'], "Option '--limit <value>' argument missing"],
    [['jobs', 'list', '--limit', '0'], '--limit must be a whole number from 1 to 500'],
    [['jobs', 'list', '--limit', 'ten'], '--limit must be a whole number'],
    [['jobs', 'list', '--label', 'novalue'], 'is not key=value'],
    [['jobs', 'list', '--label', 'bad key=1'], 'A label key is 1 to 40 characters'],
    [['jobs', 'list', '--label', 'a=1', '--label', 'a=2'], 'given twice'],
    [['jobs', 'submit', 'wf.json', '--label', 'k=\u202ex'], 'bidirectional'],
    [['models', 'run', 'acme/x'], '--input FILE is required'],
    [['profiles', 'add', 'p'], '--surface is required'],
  ];

  it.each(cases)('%j exits 2 with a clear message', async (argv, message) => {
    const run = await cli(argv, { env: { LOUPE_BASE_URL: 'http://127.0.0.1:9' } });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
  });

  it('points at the command help', async () => {
    const run = await cli(['jobs', 'get']);
    expect(run.stderr).toContain('Run `loupe jobs get --help` for usage.');
  });

  it('reports a usage error as JSON on stderr with --json, leaving stdout empty', async () => {
    const run = await cli(['jobs', 'list', '--limit', '0', '--json']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(JSON.parse(run.stderr)).toMatchObject({ error: { code: 'usage' } });
  });

  it('refuses invalid environment settings without echoing the key', async () => {
    const badUrl = await cli(['jobs', 'list'], { env: { LOUPE_BASE_URL: 'not a url' } });
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('LOUPE_BASE_URL');
    const badSurface = await cli(['jobs', 'list'], {
      env: { LOUPE_BASE_URL: 'http://127.0.0.1:9', LOUPE_SURFACE: 'cloud' },
    });
    expect(badSurface.stderr).toContain('LOUPE_SURFACE');
    const badKey = await cli(['jobs', 'list'], {
      env: { LOUPE_BASE_URL: 'http://127.0.0.1:9', LOUPE_API_KEY: 'abc\u001bdef' },
    });
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toContain('LOUPE_API_KEY');
    expect(badKey.stderr).not.toContain('abc');
    const keyOnly = await cli(['jobs', 'list'], { env: { LOUPE_API_KEY: 'secret-123' } });
    expect(keyOnly.code).toBe(2);
    expect(keyOnly.stderr).toContain('LOUPE_BASE_URL');
    expect(keyOnly.stderr).not.toContain('secret-123');
  });
});

describe('help', () => {
  it('prints the overview with every command, exit 0', async () => {
    const run = await cli(['--help']);
    expect(run.code).toBe(0);
    for (const spec of commandTable) expect(run.stdout).toContain(`  ${spec.words.join(' ')}`);
  });

  it('prints a command\u2019s options, exit codes and connection settings', async () => {
    const run = await cli(['jobs', 'watch', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: loupe jobs watch ID');
    expect(run.stdout).toContain('130 canceled');
    expect(run.stdout).toContain('LOUPE_BASE_URL');
  });
});
