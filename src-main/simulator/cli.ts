// `npm run simulate -- --surface managed [--port N] [--prefix /mount] [--api-key K …] [--url-ttl S]
// [--faults queue_full,slow=500,…] [--seed] [--legacy-self-hosted] [--max-streams N] [--forbidden-key K …]
// [--router-enabled-key K …]`
// Prints exactly one line, `listening on <origin><prefix>`, and serves until SIGINT or SIGTERM.
import { parseArgs } from 'node:util';
import { parseFaultList } from './faultSettings';
import { startSimulator } from './server';
import type { Surface } from './types';

const usage = `usage: simulate --surface self-hosted|managed|serverless [--port N] [--prefix /mount]
                [--api-key KEY]... [--url-ttl SECONDS] [--faults name[=n],...] [--seed]
                [--legacy-self-hosted] [--max-streams N] [--forbidden-key KEY]...
                [--router-enabled-key KEY]...`;

const surfaces: readonly Surface[] = ['self-hosted', 'managed', 'serverless'];

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) fail(`--${name} needs a whole number`);
  return Number(value);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        surface: { type: 'string' },
        port: { type: 'string' },
        prefix: { type: 'string' },
        'api-key': { type: 'string', multiple: true },
        'url-ttl': { type: 'string' },
        faults: { type: 'string' },
        seed: { type: 'boolean' },
        'legacy-self-hosted': { type: 'boolean' },
        'max-streams': { type: 'string' },
        'forbidden-key': { type: 'string', multiple: true },
        'router-enabled-key': { type: 'string', multiple: true },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : 'bad arguments');
  }
  if (values.help === true) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const surface = surfaces.find((s) => s === values.surface);
  if (!surface) fail('--surface must be self-hosted, managed or serverless');
  const faults = values.faults === undefined ? undefined : parseFaultList(values.faults);
  if (faults && !faults.ok) fail(faults.message);

  const urlTtlSeconds = wholeNumber('url-ttl', values['url-ttl']);
  const maxStreams = wholeNumber('max-streams', values['max-streams']);
  const sim = await startSimulator({
    surface,
    port: wholeNumber('port', values.port) ?? 0,
    prefix: values.prefix ?? '',
    ...(values['api-key'] ? { apiKeys: values['api-key'] } : {}),
    ...(urlTtlSeconds === undefined ? {} : { urlTtlSeconds }),
    ...(faults?.ok ? { faults: faults.value } : {}),
    ...(maxStreams === undefined ? {} : { maxStreams }),
    ...(values['forbidden-key'] ? { forbiddenKeys: values['forbidden-key'] } : {}),
    ...(values['router-enabled-key'] ? { routerEnabledKeys: values['router-enabled-key'] } : {}),
    seed: values.seed ?? false,
    legacySelfHosted: values['legacy-self-hosted'] ?? false,
  });
  process.stdout.write(`listening on ${sim.url}\n`);

  const stop = (): void => {
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) =>
  fail(error instanceof Error ? error.message : 'the simulator failed to start'),
);
