// The chaos suite's sample in `npm test`: the fixed seeds (and the failing seeds kept from nightly runs),
// each a 50-item batch sent by Loupe in a child process against the hostile server, under that seed's
// faults. The whole suite is `npm run chaos` (tests/chaos/run.ts); this is the same code on fixed seeds.
import { expect, it } from 'vitest';
import { FIXED_SEEDS, KEPT_CASES } from './fixedSeeds';
import { describeFailure, runTrials } from './trial/runTrials';

const seeds = [...FIXED_SEEDS, ...KEPT_CASES.map((kept) => kept.seed)];

it(
  `keeps every promise over ${seeds.length} chaos trials on fixed seeds: 0 lost, 0 doubled, 0 process deaths`,
  async () => {
    const lines: string[] = [];
    const summary = await runTrials(seeds, (line) => lines.push(line));
    console.log([...lines, summary.line].join('\n'));
    const failures = summary.failed.flatMap(describeFailure).join('\n');
    expect(failures, summary.line).toBe('');
  },
  20 * 60_000,
);
