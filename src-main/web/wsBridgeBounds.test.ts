// The browser shell's socket bounds a message before JSON.parse (issue 19, fault 6: a page holding the token
// sent a 60 MB message nested 30 million levels deep; main was blocked 9.2 s and went to 3.2 GB). The
// issue's acceptance, over a real socket with main's event loop and heap measured: that message is refused
// in under 50 ms with memory unchanged, and so is a deep message just under the size limit. The hostile page
// is a process of its own (building and masking 60 MB is its cost, not main's); this process is main. The
// time bounds are generous (what they catch is seconds); the heap bound is megabytes against gigabytes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessageSchema } from '../../src-shared/protocol';
import { createTestCore, type TestCore } from '../core/app/testing/testCore';
import { startCoreWebHost, TEST_TOKEN } from './testing/coreWebHost';
import type { HostileFrameOutcome } from './testing/hostileFrameClient';
import { maskedFrame, openRawWsClient } from './testing/rawWsClient';
import type { WebHost } from './webHost';

const MiB = 1024 * 1024;
const hostileClient = fileURLToPath(new URL('./testing/hostileFrameClient.ts', import.meta.url));

interface Measured {
  outcome: HostileFrameOutcome;
  maxLoopDelayMs: number;
  heapGrowthBytes: number;
}

/**
 * Runs the hostile page against the host while this process, the host's main, watches its event loop and heap
 * from the moment the page starts sending until it has its answer.
 */
async function sentByHostilePage(host: WebHost, scenario: 'deep-60mb' | 'deep-under'): Promise<Measured> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', hostileClient, host.origin, TEST_TOKEN, scenario],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    expect((await lines.next()).value).toBe('ready');
    const delay = monitorEventLoopDelay({ resolution: 1 });
    const heapBefore = process.memoryUsage().heapUsed;
    delay.enable();
    child.stdin.write('go\n');
    const answer = await lines.next();
    delay.disable();
    return {
      outcome: JSON.parse(String(answer.value)) as HostileFrameOutcome,
      maxLoopDelayMs: delay.max / 1e6,
      heapGrowthBytes: process.memoryUsage().heapUsed - heapBefore,
    };
  } finally {
    child.stdin.end();
    await exited;
  }
}

/**
 * The attempt with main's shortest stall of three: a stall the host causes comes back every time, while a
 * machine shared with other work (two cores, five engineers) stalls any process now and then.
 */
async function quietestOfThree(host: WebHost, scenario: 'deep-60mb' | 'deep-under'): Promise<Measured> {
  let best: Measured | null = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const measured = await sentByHostilePage(host, scenario);
    if (best === null || measured.maxLoopDelayMs < best.maxLoopDelayMs) best = measured;
    if (best.maxLoopDelayMs < 25 && best.outcome.answeredAfterMs < 25) break;
  }
  if (best === null) throw new Error('no attempt was made');
  return best;
}

describe('the browser shell bounds a message before it parses it', () => {
  let core: TestCore;
  let host: WebHost;
  beforeAll(async () => {
    core = await createTestCore();
    host = await startCoreWebHost(core);
  });
  afterAll(async () => {
    await host.close();
    await core.dispose();
  });

  it('refuses the 60 MB, 30-million-deep message at its header: closed in under 50 ms, memory unchanged', async () => {
    const { outcome, maxLoopDelayMs, heapGrowthBytes } = await quietestOfThree(host, 'deep-60mb');
    expect(outcome).toMatchObject({ reply: null, closeCode: 1009 });
    expect(outcome.answeredAfterMs, 'refused after (ms)').toBeLessThan(50);
    expect(maxLoopDelayMs, "main's longest stall (ms)").toBeLessThan(50);
    expect(heapGrowthBytes, "main's heap growth").toBeLessThan(16 * MiB);
  });

  it('refuses a deep message just under the size limit as its first bytes arrive, answering the call', async () => {
    const { outcome, maxLoopDelayMs, heapGrowthBytes } = await quietestOfThree(host, 'deep-under');
    const reply = serverMessageSchema.parse(JSON.parse(outcome.reply ?? 'null'));
    expect(reply).toMatchObject({
      type: 'reply',
      requestId: 41,
      result: { ok: false, error: { code: 'invalid_arguments' } },
    });
    expect(JSON.stringify(reply)).toContain('nested more than 65 levels deep');
    expect(outcome.closeCode).toBe(1008);
    expect(outcome.answeredAfterMs, 'refused after (ms)').toBeLessThan(50);
    expect(maxLoopDelayMs, "main's longest stall (ms)").toBeLessThan(50);
    expect(heapGrowthBytes, "main's heap growth").toBeLessThan(16 * MiB);
  });

  it('refuses a small deep call that arrives with the handshake itself, and goes on serving the page', async () => {
    const deep = Buffer.from(
      `{"type":"call","requestId":9,"name":"jobs.get","args":${'['.repeat(70)}${']'.repeat(70)}}`,
    );
    const client = await openRawWsClient(host.origin, TEST_TOKEN, {
      early: maskedFrame(deep, randomBytes(4)),
    });
    const refusal = await client.nextText();
    expect(refusal).toContain('"requestId":9');
    expect(refusal).toContain('nested more than 65 levels deep');
    // A page's one bad call does not cost it its connection.
    await client.sendText('{"type":"call","requestId":10,"name":"app.info","args":{}}');
    const next = await client.nextText();
    expect(next).toContain('"requestId":10');
    expect(next).toContain('"ok":true');
    client.destroy();
  });

  it('closes the connection on a deep message that does not say which request it is', async () => {
    const client = await openRawWsClient(host.origin, TEST_TOKEN);
    await client.sendText(`{"args":${'['.repeat(1000)}${']'.repeat(1000)},"requestId":1,"type":"call"}`);
    expect(await client.closed).toBe(1008);
    client.destroy();
  });

  it('refuses a message of more values than a call may hold', async () => {
    const client = await openRawWsClient(host.origin, TEST_TOKEN);
    const values = Array.from({ length: 1_000_100 }, () => '0').join(',');
    await client.sendText(`{"type":"call","requestId":2,"name":"jobs.get","args":[${values}]}`);
    const reply = await client.nextText();
    expect(reply).toContain('holds more than');
    expect(reply).toContain('"requestId":2');
    client.destroy();
  });

  it('still carries the largest real call, unmasked intact: a batch plan of an 8 MiB workflow and a 4 MiB table', async () => {
    const client = await openRawWsClient(host.origin, TEST_TOKEN);
    const workflowJson = JSON.stringify({
      '1': { class_type: 'X', inputs: { text: 'w'.repeat(8 * MiB - 64) } },
    });
    const args = {
      profileId: 'local',
      workflowJson,
      axes: [{ kind: 'table', csv: `a\n${'1\n'.repeat(2 * MiB - 2)}` }],
    };
    const message = JSON.stringify({ type: 'call', requestId: 3, name: 'batches.plan', args });
    expect(Buffer.byteLength(message)).toBeGreaterThan(12 * MiB);
    await client.sendText(message);
    const reply = await client.nextText();
    // Answered by the planner itself, which read the table's header: the bytes arrived as the page sent them.
    expect(reply).toContain('"requestId":3');
    expect(reply).toContain('invalid_batch_plan');
    expect(reply).toContain('\\"a\\" does not name a node input');
    client.destroy();
  });

  it('negotiates no compression, and closes on a compressed frame', async () => {
    const client = await openRawWsClient(host.origin, TEST_TOKEN, { extensions: 'permessage-deflate' });
    expect(client.headers['sec-websocket-extensions']).toBeUndefined();
    await client.sendText('{"type":"call","requestId":4,"name":"app.info","args":{}}', { rsv1: true });
    expect(await client.closed).toBe(1002);
    client.destroy();
  });
});
