// `loupe models run` never throws a paid result away. Against the simulator's acme/imagegen-2-signed, whose
// pictures are signed links with no extension and no content_type (only `?ct=` and a signature, dead within
// seconds here): every picture lands in the working folder as a PNG, byte for byte what storage served. Against a
// hostile Router that answers 200 and then cuts the connection mid-body: exit 3, the words "the Router took the
// run; its answer was lost" and the key to run again with; run again with it and the one run's answer comes back,
// replayed. The hostile Router counts how often the input ran: once.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ANSWER_LOST_WORDS } from '../core/router/runErrors';
import { startHostileRouter, type HostileRouter } from '../core/router/testing/hostileRouter';
import type { RunningSimulator } from '../simulator/server';
import { startFast } from '../simulator/testing/testKit';
import { cli, simulatorEnv, tempDirs } from './testing/cliHarness';

const tempDir = tempDirs();
let sim: RunningSimulator | null = null;
let hostile: HostileRouter | null = null;
afterEach(async () => {
  await sim?.close();
  await hostile?.close();
  sim = null;
  hostile = null;
});

function envFor(url: string): Record<string, string> {
  return {
    ...simulatorEnv(url, 'serverless', 'demo-key'),
    LOUPE_ROUTER_URL: url,
    LOUPE_DATA_DIR: tempDir('data'),
  };
}

describe('loupe models run, paid media by signed links', () => {
  it('saves every picture whose link has no extension and no content_type, each byte as storage served it', async () => {
    sim = await startFast({ surface: 'serverless', timing: { routerMediaUrlTtlMs: 5000 } });
    const cwd = tempDir('signed');
    const env = envFor(sim.url);
    writeFileSync(join(cwd, 'harbour.json'), JSON.stringify({ prompt: 'a harbour at dawn', num_images: 3 }));
    const run = await cli(['models', 'run', 'acme/imagegen-2-signed', '--input', 'harbour.json'], {
      env,
      cwd,
    });
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout) as { images: { url: string }[] };
    expect(output.images).toHaveLength(3);
    const saved = readdirSync(cwd)
      .filter((name) => name.endsWith('.png'))
      .sort();
    expect(saved).toHaveLength(3);
    expect(saved.every((name) => /^imagegen-2-signed-[0-9a-f]{8}-[1-3]\.png$/.test(name))).toBe(true);
    for (const [index, image] of output.images.entries()) {
      expect(image.url).toMatch(/\/_storage\/[0-9a-f]{32}\?ct=image%2Fpng&exp=\d+&sig=/);
      const served = Buffer.from(await (await fetch(image.url)).arrayBuffer());
      const file = saved.find((name) => name.endsWith(`-${index + 1}.png`)) ?? '';
      expect(readFileSync(join(cwd, file)).equals(served)).toBe(true);
      expect(run.stderr).toContain(`saved ${join(cwd, file)}`);
    }
    expect(run.stderr).toContain('credits used: 4');
    expect(run.stderr).not.toContain('could not be kept');
  }, 30_000);
});

describe('loupe models run, an answer the Router took and lost', () => {
  it('exits 3 naming the key; the same key then collects the one run, replayed', async () => {
    hostile = await startHostileRouter();
    hostile.faults.run = 'always';
    hostile.always.run = 'cut';
    const cwd = tempDir('lost');
    const env = envFor(hostile.origin);
    writeFileSync(join(cwd, 'chat.json'), JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }));
    const argv = ['models', 'run', 'acme/hostile', '--input', 'chat.json', '--idempotency-key', 'paid-1'];
    const lost = await cli(argv, { env, cwd });
    expect(lost.code).toBe(3);
    expect(lost.stdout).toBe('');
    expect(lost.stderr).toContain('error: answer_lost:');
    expect(lost.stderr).toContain(ANSWER_LOST_WORDS);
    expect(lost.stderr).toContain('run the same command again --idempotency-key paid-1');
    // Loupe asked again by itself, always under the one key.
    const sends = hostile.log.filter((entry) => entry.route === 'run');
    expect(sends.length).toBeGreaterThan(1);
    expect(new Set(sends.map((entry) => entry.key))).toEqual(new Set(['paid-1']));

    hostile.faults.run = [];
    const collected = await cli(argv, { env, cwd });
    expect(collected.code).toBe(0);
    expect(collected.stderr).toContain('replayed: the Router answered from its record');
    expect(JSON.parse(collected.stdout)).toMatchObject({ finish_reason: 'stop' });
    expect([...hostile.executionsByInput.values()]).toEqual([1]);
    expect([...hostile.executionsByKey.entries()]).toEqual([['paid-1', 1]]);
  }, 30_000);
});
