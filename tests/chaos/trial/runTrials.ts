// Runs trials one after another (two cores are shared: one trial at a time is kind to the others), says
// each one's seed as it ends, and sums them into the suite's one line:
// `chaos: N trials, N faults, 0 lost, 0 doubled, 0 process deaths`.
import { rmSync } from 'node:fs';
import { driverBundle } from './driverBundle';
import { describePlan, runTrial, type TrialResult } from './runTrial';
import type { Finding } from './verdict';

export interface ChaosSummary {
  trials: number;
  faults: number;
  /** How often each fault struck over the run (what the run covered). */
  struck: Map<string, number>;
  lost: number;
  doubled: number;
  deaths: number;
  failed: TrialResult[];
  line: string;
}

function findingLines(label: string, findings: readonly Finding[]): string[] {
  return findings
    .slice(0, 6)
    .map((finding) => `    ${label} ${finding.subject}: ${finding.reason}`)
    .concat(findings.length > 6 ? [`    … and ${findings.length - 6} more ${label}`] : []);
}

/** What struck over the run, most often first, a few to a line (`npm run chaos` prints it before the total). */
export function coverageLines(struck: ReadonlyMap<string, number>): string[] {
  const entries = [...struck.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const lines: string[] = [];
  for (let i = 0; i < entries.length; i += 4) {
    lines.push(
      `  ${entries
        .slice(i, i + 4)
        .map(([name, count]) => `${name} ×${count}`)
        .join(' · ')}`,
    );
  }
  return lines;
}

/** A failing trial in a few lines: its seed (to replay), what broke, why, and what it drew. */
export function describeFailure(result: TrialResult): string[] {
  const counts = [
    result.doubled.length > 0 ? `${result.doubled.length} doubled` : '',
    result.lost.length > 0 ? `${result.lost.length} lost` : '',
    result.deaths.length > 0
      ? `${result.deaths.length} process death${result.deaths.length === 1 ? '' : 's'}`
      : '',
  ].filter((part) => part !== '');
  return [
    `  seed ${result.seed}: ${counts.join(', ')} (replay: npm run chaos -- --seed ${result.seed})`,
    `    drew: ${describePlan(result.plan).join('; ')}`,
    ...findingLines('doubled', result.doubled),
    ...findingLines('lost', result.lost),
    ...findingLines('death', result.deaths),
    ...result.notes.slice(0, 4).map((note) => `    note: ${note}`),
  ];
}

export function failedTrial(result: TrialResult): boolean {
  return result.lost.length + result.doubled.length + result.deaths.length > 0;
}

export async function runTrials(
  seeds: readonly number[],
  say: (line: string) => void,
): Promise<ChaosSummary> {
  const bundle = await driverBundle();
  const summary: ChaosSummary = {
    trials: 0,
    faults: 0,
    struck: new Map(),
    lost: 0,
    doubled: 0,
    deaths: 0,
    failed: [],
    line: '',
  };
  try {
    for (const [index, seed] of seeds.entries()) {
      const result = await runTrial(seed, bundle);
      summary.trials += 1;
      summary.faults += result.struck.length;
      for (const name of result.struck) summary.struck.set(name, (summary.struck.get(name) ?? 0) + 1);
      summary.lost += result.lost.length;
      summary.doubled += result.doubled.length;
      summary.deaths += result.deaths.length;
      const seconds = (result.durationMs / 1000).toFixed(1);
      const where = `[${index + 1}/${seeds.length}] seed ${seed}`;
      if (failedTrial(result)) {
        summary.failed.push(result);
        for (const line of describeFailure(result)) say(line);
        say(`${where}: FAILED (${result.struck.length} faults, ${seconds} s)`);
      } else {
        // A hang breaks none of the three promises, but the lead should see it.
        for (const note of result.notes.filter((text) => /stalled|gave up|did not exit/.test(text))) {
          say(`  seed ${seed}: note: ${note}`);
        }
        say(`${where}: ok (${result.struck.length} faults, ${seconds} s)`);
      }
    }
  } finally {
    rmSync(bundle, { force: true });
  }
  summary.line =
    `chaos: ${summary.trials} trials, ${summary.faults} faults, ${summary.lost} lost, ` +
    `${summary.doubled} doubled, ${summary.deaths} process deaths`;
  return summary;
}
