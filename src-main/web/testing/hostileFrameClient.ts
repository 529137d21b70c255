// Test support, run as a child process (`tsx hostileFrameClient.ts ORIGIN TOKEN SCENARIO`): a page holding the
// browser shell's token that sends a deep message, from a process of its own so that building, masking and
// writing tens of megabytes costs the host's process nothing and the host's event loop can be measured alone.
// Prints `ready` once connected with its message built, sends on a line on stdin, then prints one JSON line:
// how the host answered and how long after the first byte it did.
//   deep-60mb    60 MB nested 30 million levels deep (the message of issue 19)
//   deep-under   nested as deep as fits in one byte under the host's message limit, a call's envelope around it
import { randomBytes } from 'node:crypto';
import { MAX_CALL_MESSAGE_BYTES } from '../../../src-shared/limits';
import { unmaskInPlace } from '../frameGuard';
import { openRawWsClient } from './rawWsClient';

export interface HostileFrameOutcome {
  /** The host's text reply, if it sent one. */
  reply: string | null;
  closeCode: number;
  /** From the frame header's write to the reply (or the close, when there is no reply). */
  answeredAfterMs: number;
}

const MiB = 1024 * 1024;

function deepPayload(length: number, prefix: string, suffix: string): Buffer {
  const payload = Buffer.alloc(length, 0x20);
  payload.write(prefix, 0, 'utf8');
  const depth = Math.floor((length - prefix.length - suffix.length) / 2);
  payload.fill(0x5b, prefix.length, prefix.length + depth);
  payload.fill(0x5d, prefix.length + depth, prefix.length + 2 * depth);
  payload.write(suffix, length - suffix.length, 'utf8');
  return payload;
}

async function run(origin: string, token: string, scenario: string): Promise<HostileFrameOutcome> {
  const payload =
    scenario === 'deep-60mb'
      ? deepPayload(60_000_000, '', '')
      : deepPayload(
          MAX_CALL_MESSAGE_BYTES - 1,
          '{"type":"call","requestId":41,"name":"jobs.get","args":',
          '}',
        );
  // Masked with a random key, as a browser masks what it sends.
  const mask = randomBytes(4);
  unmaskInPlace(payload, 0, payload.length, mask, 0);
  const client = await openRawWsClient(origin, token);
  // Everything costly is done: the host's side measures from here.
  console.log('ready');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  const started = performance.now();
  client.writeHeader(payload.length, { mask });
  const host: { closeCode: number | null } = { closeCode: null };
  const closing = client.closed.then((code) => {
    host.closeCode = code;
    return code;
  });
  // The bytes follow for as long as the host takes them, and stop once it has closed.
  for (let at = 0; at < payload.length && host.closeCode === null; at += MiB) {
    if (!(await client.write(payload.subarray(at, at + MiB)))) break;
  }
  const closeCode = await closing;
  client.destroy();
  const answeredAt = client.firstFrameAt() ?? performance.now();
  return { reply: client.takeTexts()[0] ?? null, closeCode, answeredAfterMs: answeredAt - started };
}

const [origin, token, scenario] = process.argv.slice(2);
if (origin === undefined || token === undefined || scenario === undefined) {
  console.error('usage: hostileFrameClient ORIGIN TOKEN deep-60mb|deep-under');
  process.exit(2);
}
console.log(JSON.stringify(await run(origin, token, scenario)));
