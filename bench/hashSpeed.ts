// Timing for the hashing bench: every hasher ("contender") on every file, in rounds. This machine is shared
// and has two cores, so no contender may always run first, last, or right after the same neighbour: each
// round rotates the order of the contenders by one and alternates the order of the files, and the figure is
// the median of the rounds. One unmeasured run of each first puts every file in the page cache for all alike.
import { median } from './benchFile';

export interface Run {
  seconds: number;
  /** `blake3:<hex>`; every contender must give the same on the same file. */
  hash: string;
  /** CPU seconds on the run's critical path, where the contender can tell (see hashCpu.ts). */
  cpuSeconds?: number;
}

export interface Contender {
  name: string;
  /** Files this contender is timed on (default: all). */
  only?: (file: string) => boolean;
  run(file: string): Promise<Run>;
}

export interface FileTimes {
  file: string;
  hash: string;
  /** Seconds of each measured round, by contender name. */
  seconds: Map<string, number[]>;
  /** CPU seconds on the critical path of each measured round, for the contenders that report them. */
  cpu: Map<string, number[]>;
}

export async function timeInRounds(
  files: readonly string[],
  contenders: readonly Contender[],
  rounds: number,
): Promise<FileTimes[]> {
  const results = files.map((file) => ({
    file,
    hashes: new Set<string>(),
    seconds: new Map<string, number[]>(),
    cpu: new Map<string, number[]>(),
  }));
  const takes = (contender: Contender, file: string): boolean => contender.only?.(file) ?? true;
  for (const result of results) {
    for (const contender of contenders) {
      if (takes(contender, result.file)) result.hashes.add((await contender.run(result.file)).hash);
    }
  }
  for (let round = 0; round < rounds; round++) {
    const fileOrder = round % 2 === 0 ? results : [...results].reverse();
    for (const result of fileOrder) {
      const order = contenders.map((_, index) => contenders[(index + round) % contenders.length]);
      for (const contender of order) {
        if (contender === undefined || !takes(contender, result.file)) continue;
        const { seconds, hash, cpuSeconds } = await contender.run(result.file);
        result.hashes.add(hash);
        append(result.seconds, contender.name, seconds);
        if (cpuSeconds !== undefined) append(result.cpu, contender.name, cpuSeconds);
      }
    }
  }
  return results.map(({ file, hashes, seconds, cpu }) => {
    if (hashes.size !== 1) throw new Error(`the hashers disagree on ${file}: ${[...hashes].join(', ')}`);
    return { file, hash: [...hashes][0] ?? '', seconds, cpu };
  });
}

function append(map: Map<string, number[]>, key: string, value: number): void {
  map.set(key, [...(map.get(key) ?? []), value]);
}

/** Median seconds of one contender on one file (NaN when it was not timed there). */
export function medianOf(times: FileTimes, contender: string): number {
  const runs = times.seconds.get(contender);
  return runs === undefined ? Number.NaN : median(runs);
}

/**
 * How many times faster `contender` was than `reference`, as the median of the rounds' own ratios: each
 * round's two runs met the machine within seconds of each other, which a ratio of two medians cannot promise.
 */
export function medianRatio(times: FileTimes, reference: string, contender: string): number {
  const ours = times.seconds.get(contender) ?? [];
  const theirs = times.seconds.get(reference) ?? [];
  const ratios = ours.flatMap((seconds, round) => {
    const other = theirs[round];
    return other === undefined ? [] : [other / seconds];
  });
  return ratios.length === 0 ? Number.NaN : median(ratios);
}

/** "0.123, 0.130, …": the rounds as printed under the table. */
export function listRuns(times: FileTimes, contender: string): string {
  return (times.seconds.get(contender) ?? []).map((s) => s.toFixed(3)).join(', ');
}
