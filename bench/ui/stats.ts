import { availableParallelism, loadavg } from 'node:os';
// Summaries of samples: nearest-rank percentiles, as frame-time and latency figures are usually quoted.

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? NaN;
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

export const mib = (bytes: number): number => bytes / (1024 * 1024);

/** The machine's load when a table was taken: figures from a busy shared machine read slower. */
export function loadNote(): string {
  const [one = 0] = loadavg();
  return `Load average ${one.toFixed(1)} on ${availableParallelism()} cores when this table was taken.`;
}
