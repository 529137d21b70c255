// The chaos suite's sample in `npm test`: the first three fixed seeds (all of them in
// `npm run test:nightly`), the failing seeds kept from nightly runs, and two fresh random seeds (printed, so a
// failure can be replayed with `npm run chaos -- --seed S`), each a 50-item batch sent by Loupe in a child
// process against the hostile server, under that seed's faults. The whole suite is `npm run chaos`
// (tests/chaos/run.ts, 200 fresh seeds); this is the same code on a sample small enough for CI.
import { expect, it } from 'vitest';
import { FIXED_SEEDS, KEPT_CASES } from './fixedSeeds';
import { freshSeed } from './prng';
import { describeFailure, runTrials } from './trial/runTrials';

const FIXED_IN_CI = process.env['LOUPE_NIGHTLY'] === '1' ? FIXED_SEEDS.length : 3;
const RANDOM_IN_CI = 2;
const seeds = [
  ...FIXED_SEEDS.slice(0, FIXED_IN_CI),
  ...KEPT_CASES.map((kept) => kept.seed),
  ...Array.from({ length: RANDOM_IN_CI }, freshSeed),
];

it(
  `keeps every promise over ${seeds.length} chaos trials (fixed, kept and fresh seeds): 0 lost, 0 doubled, 0 process deaths`,
  async () => {
    const lines: string[] = [];
    const summary = await runTrials(seeds, (line) => lines.push(line));
    console.log([...lines, summary.line].join('\n'));
    const failures = summary.failed.flatMap(describeFailure).join('\n');
    expect(failures, summary.line).toBe('');
  },
  20 * 60_000,
);
