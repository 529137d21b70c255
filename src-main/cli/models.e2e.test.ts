// `loupe models` against the simulator's Router, connected through the environment (LOUPE_BASE_URL,
// LOUPE_ROUTER_URL): sync runs with their output on stdout, byte answers saved to new files in the working folder,
// queued runs (request id printed, followed, cancelled), the same key never charging twice, a 422 in words, and
// the store's history and schema cache shared from one invocation to the next.
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RouterRunDetail } from '../../src-shared/contracts/models';
import type { RunningSimulator } from '../simulator/server';
import { startFast } from '../simulator/testing/testKit';
import { cli, MemorySink, simulatorEnv, tempDirs, type CliOptions } from './testing/cliHarness';

const tempDir = tempDirs();
const CHAT = 'lexa/chat-4';
const TTS = 'sonora/tts-1';
const CINEMA = 'lumen/cinema-1';

let sim: RunningSimulator | null = null;
afterEach(async () => {
  await sim?.close();
  sim = null;
});

interface Setup {
  sim: RunningSimulator;
  /** The working folder (inputs are written here; media land here). */
  cwd: string;
  run(argv: string[], options?: CliOptions): ReturnType<typeof cli>;
  input(name: string, value: unknown): string;
}

async function setup(timing: { routerQueueStepMs?: number } = {}): Promise<Setup> {
  const started = await startFast({ surface: 'serverless', timing });
  sim = started;
  const cwd = tempDir('models');
  // One data directory for every invocation of a test: the environment's own store lives under it.
  const env = {
    ...simulatorEnv(started.url, 'serverless', 'demo-key'),
    LOUPE_ROUTER_URL: started.url,
    LOUPE_DATA_DIR: tempDir('models-data'),
  };
  return {
    sim: started,
    cwd,
    run: (argv, options = {}) => cli(argv, { env, cwd, ...options }),
    input: (name, value) => {
      writeFileSync(join(cwd, name), JSON.stringify(value));
      return name;
    },
  };
}

const chatInput = { messages: [{ role: 'user', content: 'hello' }] };

/** The one value of a list (failing the test when there is not exactly one). */
function only<T>(values: readonly T[]): T {
  expect(values).toHaveLength(1);
  return values[0] as T;
}

// The chat run and the run listing recur in most tests below; one spelling of each keeps them in step.
/** `models run` of the chat model on chatInput (written to chat.json), `flags` after. */
function chatRun(s: Setup, ...flags: string[]): string[] {
  return ['models', 'run', CHAT, '--input', s.input('chat.json', chatInput), ...flags];
}

/** The runs `models requests list --json` lists, newest first. */
async function listedRuns(s: Setup): Promise<RouterRunDetail[]> {
  const listed = await s.run(['models', 'requests', 'list', '--json']);
  return only(listed.json() as Array<{ runs: RouterRunDetail[] }>).runs;
}

/** Committed spend (cents) after one more 3-cent chat run: what the Router has charged so far, plus 3. */
async function spendAfterProbe(s: Setup): Promise<number | null> {
  const probe = await s.run(['models', 'run', CHAT, '--input', s.input('probe.json', chatInput), '--json']);
  expect(probe.code).toBe(0);
  return only(probe.json() as Array<RouterRunDetail>).committedSpend.current;
}

/** A fetch that lets synchronous runs of `modelId` reach the Router, then loses every answer. */
function losingAnswers(modelId: string): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (init?.method === 'POST' && url.pathname.endsWith(`/v2/models/${modelId}`)) {
      await response.body?.cancel();
      throw new TypeError('fetch failed: the connection dropped');
    }
    return response;
  };
}

describe('loupe models run', () => {
  it('prints a synchronous run’s JSON output on stdout and its credits on stderr', async () => {
    const s = await setup();
    const run = await s.run(['models', 'run', CHAT, '--input', s.input('chat.json', chatInput)]);
    expect(run.stderr).toContain('credits used: 3');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ finish_reason: 'stop' });
    const json = await s.run(['models', 'run', CHAT, '--input', 'chat.json', '--json']);
    expect(only(json.json())).toMatchObject({
      state: 'completed',
      creditsUsed: 3,
      output: { finish_reason: 'stop' },
    });
  });

  it('saves a byte answer to a new named file in the working folder, exactly as the Router sent it', async () => {
    const s = await setup();
    const sent: Buffer[] = [];
    const recording: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (response.headers.get('content-type')?.startsWith('audio/wav') === true)
        sent.push(Buffer.from(await response.clone().arrayBuffer()));
      return response;
    };
    const argv = ['models', 'run', TTS, '--input', s.input('tts.json', { text: 'hello there' })];
    const first = await s.run(argv, { fetch: recording });
    expect(first.stderr).toContain('credits used: 2');
    expect(first.code).toBe(0);
    const firstPath = first.stdout.trim();
    expect(firstPath.startsWith(s.cwd)).toBe(true);
    expect(firstPath).toMatch(/tts-1-[0-9a-f]{8}-1\.wav$/);
    expect(readFileSync(firstPath).equals(only(sent))).toBe(true);

    // A second run is a second file; the first is left as it was.
    const second = await s.run(argv, { fetch: recording });
    const secondPath = second.stdout.trim();
    expect(secondPath).not.toBe(firstPath);
    expect(readFileSync(firstPath).equals(sent[0] ?? Buffer.alloc(0))).toBe(true);
    expect(readFileSync(secondPath).equals(sent[1] ?? Buffer.alloc(0))).toBe(true);

    // Saving the same run again never writes over the copy already there: it gets a numbered name.
    const runId = firstPath.match(/tts-1-([0-9a-f]{8})-1\.wav$/)?.[1] ?? '';
    const runs = await listedRuns(s);
    const full = runs.find((entry) => entry.runId.startsWith(runId))?.runId ?? '';
    const again = await s.run(['models', 'requests', 'get', full, '--save']);
    expect(again.code).toBe(0);
    expect(again.stdout.trim().split('\n').at(-1)).toMatch(/tts-1-[0-9a-f]{8}-1 \(2\)\.wav$/);
    expect(readFileSync(firstPath).equals(sent[0] ?? Buffer.alloc(0))).toBe(true);

    // -o writes the bytes to exactly the named file.
    const named = await s.run([...argv, '-o', 'voice.wav'], { fetch: recording });
    expect(named.code).toBe(0);
    expect(named.stdout.trim()).toBe(join(s.cwd, 'voice.wav'));
    expect(readFileSync(join(s.cwd, 'voice.wav')).equals(sent[2] ?? Buffer.alloc(0))).toBe(true);
    expect(readdirSync(s.cwd).filter((name) => name.endsWith('.wav'))).toHaveLength(4);
  });

  it('with --queue prints the request id, which requests get takes as well as Loupe’s run id', async () => {
    const s = await setup();
    const queued = await s.run(chatRun(s, '--queue'));
    expect(queued.code).toBe(0);
    const requestId = queued.stdout.trim().split('\n').at(-1) ?? '';
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(queued.stderr).toContain(`loupe models requests get ${requestId} --wait`);

    const followed = await s.run(['models', 'requests', 'get', requestId, '--wait', '--json']);
    expect(followed.code).toBe(0);
    const done = only(followed.json() as Array<RouterRunDetail>);
    expect(done).toMatchObject({ requestId, state: 'completed', output: { finish_reason: 'stop' } });
    const byRunId = await s.run(['models', 'requests', 'get', done.runId, '--json']);
    expect(only(byRunId.json() as Array<RouterRunDetail>).requestId).toBe(requestId);
  }, 20_000);

  it('with --queue --wait follows the run to its result', async () => {
    const s = await setup();
    const run = await s.run(chatRun(s, '--queue', '--wait'));
    expect(run.stderr).toContain('credits used: 3');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ finish_reason: 'stop' });
  }, 20_000);

  it('Ctrl-C while waiting stops the waiting only: the run goes on, and the note says how to follow it', async () => {
    const s = await setup({ routerQueueStepMs: 150 });
    const controller = new AbortController();
    // Ctrl-C once the run is admitted and being waited for: its first status line (a terminal's), not a fixed
    // delay, which on a loaded machine came before the run was admitted.
    const stderr = new MemorySink(true);
    stderr.onWrite((text) => {
      if (/in_queue|in_progress/.test(text) && !controller.signal.aborted) controller.abort();
    });
    const input = s.input('take.json', { prompt: 'a long take' });
    const run = await s.run(['models', 'run', CINEMA, '--input', input, '--queue', '--wait'], {
      signal: controller.signal,
      stderr,
    });
    expect(run.code).toBe(130);
    const summary = (await listedRuns(s))[0];
    const record = await s.run(['models', 'requests', 'get', summary?.runId ?? '', '--json']);
    const requestId = only(record.json() as Array<RouterRunDetail>).requestId ?? '';
    expect(run.stderr).toContain('Stopped waiting');
    expect(run.stderr).toContain(`loupe models requests get ${requestId} --wait`);

    const followed = await s.run(['models', 'requests', 'get', requestId, '--wait', '--json']);
    expect(followed.code).toBe(0);
    expect(only(followed.json() as Array<RouterRunDetail>)).toMatchObject({
      state: 'completed',
      creditsUsed: 600,
    });
  }, 30_000);

  it('the same --idempotency-key twice is one run and one charge; the second says replayed', async () => {
    const s = await setup();
    const argv = chatRun(s, '--idempotency-key', 'nightly-1');
    const first = await s.run(argv);
    expect(first.code).toBe(0);
    const second = await s.run(argv);
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('replayed');
    expect(JSON.parse(second.stdout)).toEqual(JSON.parse(first.stdout));
    expect(await spendAfterProbe(s)).toBe(6);

    // The same key with another input is another call: refused before anything is sent.
    const other = await s.run([
      'models',
      'run',
      CHAT,
      '--input',
      s.input('other.json', { messages: [{ role: 'user', content: 'bye' }] }),
      '--idempotency-key',
      'nightly-1',
    ]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('nightly-1');
    expect(other.stdout).toBe('');
  }, 20_000);

  it('an answer lost on the way back exits 3 naming the run; the same key then collects it, replayed, not charged again', async () => {
    const s = await setup();
    const argv = chatRun(s, '--idempotency-key', 'lost-1');
    const lost = await s.run(argv, { fetch: losingAnswers(CHAT) });
    expect(lost.code).toBe(3);
    expect(lost.stdout).toBe('');
    const runId = (await listedRuns(s))[0]?.runId ?? '';
    expect(lost.stderr).toContain(`loupe models requests get ${runId}`);
    expect(lost.stderr).toContain('--idempotency-key lost-1');

    const collected = await s.run(argv);
    expect(collected.code).toBe(0);
    expect(collected.stderr).toContain('replayed: the Router answered from its record');
    expect(JSON.parse(collected.stdout)).toMatchObject({ finish_reason: 'stop' });
    expect(await spendAfterProbe(s)).toBe(6);
  }, 30_000);

  it('a 422 names each field of the input the model refused', async () => {
    const s = await setup();
    const run = await s.run(['models', 'run', TTS, '--input', s.input('bad.json', { voice: 'nobody' })]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('(HTTP 422)');
    expect(run.stderr).toMatch(/^ {2}text: .+$/m);
    expect(run.stderr).toMatch(/^ {2}voice: .+$/m);
  });

  it.each([
    [['models', 'run', CHAT, '--input', 'chat.json', '--wait'], '--wait follows a queued run'],
    [['models', 'run', 'Not A Model', '--input', 'chat.json'], 'is not a model id'],
    [['models', 'run', CHAT, '--input', 'chat.json', '--strict'], '--strict needs --provider'],
    [['models', 'run', CHAT, '--input', 'chat.json', '--queue', '--no-fallback'], 'synchronous runs only'],
    [['models', 'run', CHAT, '--input', 'missing.json'], 'missing.json does not exist'],
    [['models', 'list', '--kind', 'smell'], '--kind is one of'],
    [['models', 'requests'], '`loupe models requests` needs a command'],
    [['models', 'requests', 'get', 'no-such-run'], 'no-such-run'],
  ])('%j is a usage error (exit 2, nothing sent)', async (argv, message) => {
    const s = await setup();
    s.input('chat.json', chatInput);
    const run = await s.run(argv);
    expect(run.stderr).toContain(message);
    expect(run.code).toBe(2);
    expect(s.sim.control.requests().filter((request) => request.method === 'POST')).toEqual([]);
  });
});

describe('loupe models requests', () => {
  it('cancels a run still IN_QUEUE: cancelled, never charged', async () => {
    const s = await setup({ routerQueueStepMs: 150 });
    const take = s.input('take.json', { prompt: 'a long take' });
    const running = await s.run(['models', 'run', CINEMA, '--input', take, '--queue']);
    const waiting = await s.run(chatRun(s, '--queue'));
    const cinemaId = running.stdout.trim();
    const chatId = waiting.stdout.trim();
    await new Promise((resolve) => setTimeout(resolve, 400));

    const cancelled = await s.run(['models', 'requests', 'cancel', chatId]);
    expect(cancelled.code).toBe(0);
    expect(cancelled.stdout).toMatch(/ cancelled\n$/);
    expect(cancelled.stderr).toContain('not charged');
    const record = await s.run(['models', 'requests', 'get', chatId, '--json']);
    expect(only(record.json())).toMatchObject({ state: 'cancelled', creditsUsed: null });

    // The video ran to its end and was charged; the chat never was: 600, then the probe's 3.
    const video = await s.run(['models', 'requests', 'get', cinemaId, '--wait']);
    expect(video.code).toBe(0);
    expect(await spendAfterProbe(s)).toBe(603);

    const list = await s.run(['models', 'requests', 'list']);
    expect(list.code).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^RUN +MODEL +MODE +STATE +CREDITS +CREATED$/);
    expect(lines.slice(1).map((line) => line.split(/ +/).slice(1, 4))).toEqual([
      [CHAT, 'sync', 'completed'],
      [CHAT, 'queued', 'cancelled'],
      [CINEMA, 'queued', 'completed'],
    ]);
  }, 30_000);

  it('cancels a run IN_PROGRESS: says it may be charged, and get shows it cancelled with exit 130', async () => {
    const s = await setup({ routerQueueStepMs: 150 });
    const take = s.input('take.json', { prompt: 'a long take' });
    const running = await s.run(['models', 'run', CINEMA, '--input', take, '--queue']);
    const cinemaId = running.stdout.trim();
    // The simulator dispatches at its first step: the video is with its provider.
    await new Promise((resolve) => setTimeout(resolve, 400));

    const cancelled = await s.run(['models', 'requests', 'cancel', cinemaId]);
    expect(cancelled.code).toBe(0);
    expect(s.sim.control.requests().find((r) => r.path.endsWith('/cancel'))?.status).toBe(202);
    expect(cancelled.stderr).toContain('already running');
    expect(cancelled.stderr).toContain('may be charged');
    expect(cancelled.stderr).not.toContain('not charged');

    // One behaviour for a cancelled run, with or without --wait: said plainly, exit 130 (README: canceled).
    for (const argv of [[], ['--wait']]) {
      const got = await s.run(['models', 'requests', 'get', cinemaId, ...argv]);
      expect(got.stdout).toMatch(/^state +cancelled$/m);
      expect(got.stderr).not.toContain('error:');
      expect(got.stderr).toContain('cancelled: it was already running');
      expect(got.code).toBe(130);
    }
  }, 30_000);

  it('shares the store through the environment: history in the next invocation, the schema from its ETag cache', async () => {
    const s = await setup();
    const made = await s.run(chatRun(s, '--json'));
    const runId = only(made.json() as Array<RouterRunDetail>).runId;
    expect((await listedRuns(s)).map((run) => run.runId)).toEqual([runId]);

    const openApi = () =>
      s.sim.control.requests().filter((request) => request.path.endsWith(`/v2/models/${TTS}/openapi.json`));
    const first = await s.run(['models', 'show', TTS]);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^ {2}text +string +required/m);
    const second = await s.run(['models', 'show', TTS, '--json']);
    expect(only(second.json())).toMatchObject({ id: TTS, schema: { fromCache: true } });
    expect(openApi().map((request) => request.status)).toEqual([200, 304]);
  });

  it('knows each model’s kind on first use: --kind image finds models and MAKES is filled, each page read once', async () => {
    const s = await setup();
    const openApis = () => s.sim.control.requests().filter((r) => r.path.endsWith('/openapi.json'));
    const images = await s.run(['models', 'list', '--kind', 'image', '--json']);
    expect(images.code).toBe(0);
    const found = only(images.json() as Array<{ models: Array<{ id: string; outputKind: string }> }>).models;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((model) => model.outputKind === 'image')).toBe(true);
    const reads = openApis().length;
    expect(reads).toBeGreaterThan(0);

    const table = await s.run(['models', 'list']);
    expect(table.stdout).toMatch(new RegExp(`^${TTS} +audio`, 'm'));
    // Kept with the catalogue: not read again.
    expect(openApis().length).toBe(reads);
  }, 30_000);

  it('lists the catalogue from the store unless --refresh, filtered by search, provider and kind', async () => {
    const s = await setup();
    const pages = () =>
      s.sim.control.requests().filter((request) => /\/v2\/models$/.test(request.path)).length;
    const all = await s.run(['models', 'list', '--json']);
    const { models } = only(all.json() as Array<{ models: Array<{ id: string }> }>);
    expect(models.map((model) => model.id)).toContain(TTS);
    const read = pages();
    expect(read).toBeGreaterThan(0);

    const searched = await s.run(['models', 'list', '--search', 'tts', '--provider', 'sonora']);
    expect(
      searched.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(' ')[0]),
    ).toEqual(['sonora/tts-1', 'sonora/tts-1-hd']);
    expect(pages()).toBe(read);
    await s.run(['models', 'show', TTS]);
    const audio = await s.run(['models', 'list', '--kind', 'audio', '--json']);
    expect(
      only(audio.json() as Array<{ models: Array<{ id: string }> }>).models.map((model) => model.id),
    ).toContain(TTS);
    await s.run(['models', 'list', '--refresh']);
    expect(pages()).toBe(read * 2);
  });
});
