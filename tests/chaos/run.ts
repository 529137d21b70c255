// `npm run chaos`: the nightly chaos run. New random seeds each time (each printed, so a failure can be
// replayed and kept as a fixed case), `--trials N` of them (200 by default), or `--seed S` to replay one
// (repeatable). Ends with one line and exits 1 on any doubled job, lost item or dead process.
import { parseArgs } from 'node:util';
import { freshSeed } from './prng';
import { coverageLines, runTrials } from './trial/runTrials';

const DEFAULT_TRIALS = 200;

function seedsFromArgs(argv: readonly string[]): number[] {
  const { values } = parseArgs({
    args: [...argv],
    options: { seed: { type: 'string', multiple: true }, trials: { type: 'string' } },
    strict: true,
  });
  const given = (values.seed ?? []).map((text) => {
    const seed = Number(text);
    if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`--seed ${text} is not a whole number`);
    return seed;
  });
  if (given.length > 0) return given;
  const trials = values.trials === undefined ? DEFAULT_TRIALS : Number(values.trials);
  if (!Number.isSafeInteger(trials) || trials < 1)
    throw new Error(`--trials ${values.trials ?? ''} is not a count`);
  return Array.from({ length: trials }, freshSeed);
}

async function main(): Promise<number> {
  const seeds = seedsFromArgs(process.argv.slice(2));
  const say = (line: string): void => void process.stdout.write(`${line}\n`);
  say(`chaos: ${seeds.length} trial${seeds.length === 1 ? '' : 's'}, seeds ${seeds.join(' ')}`);
  const started = Date.now();
  const summary = await runTrials(seeds, say);
  say(`chaos: took ${((Date.now() - started) / 1000).toFixed(0)} s; faults that struck:`);
  for (const line of coverageLines(summary.struck)) say(line);
  if (summary.failed.length > 0) {
    say(`chaos: failing seeds: ${summary.failed.map((trial) => trial.seed).join(' ')}`);
  }
  say(summary.line);
  return summary.failed.length > 0 ? 1 : 0;
}

process.exitCode = await main();
