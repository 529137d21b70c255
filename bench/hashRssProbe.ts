// Child process of the hashing bench: hashes one file with the app's hashing path (FileHasher, the worker
// thread) and reports the process's peak resident memory before and after, so the figure is this path's
// alone (the bench process itself holds a simulator and other files). Prints one JSON line.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileHasher } from '../src-main/core/uploads/fileHasher';

const file = process.argv[2];
if (file === undefined) throw new Error('usage: hashRssProbe.ts <file>');

/** Peak RSS so far, in bytes (resourceUsage reports KiB). */
const peakRss = (): number => process.resourceUsage().maxRSS * 1024;

/**
 * The high-water mark alone can hide a rise below the peak that loading TypeScript left behind, so the
 * current RSS is also sampled while the worker hashes (this thread is idle then).
 */
function sampleRss(): { stop: () => number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}

const hasher = new FileHasher();
// A tiny file first: starts the worker and loads the native hasher, so the next figures are the big file alone.
const tiny = join(tmpdir(), `loupe-rss-probe-${process.pid}`);
writeFileSync(tiny, 'warm');
await hasher.hash(tiny);
rmSync(tiny);
const workerReady = peakRss();
const currentBefore = process.memoryUsage.rss();
const sampler = sampleRss();
const digest = await hasher.hash(file);
const currentPeak = sampler.stop();
const afterHash = peakRss();
await hasher.close();
console.log(
  JSON.stringify({
    workerReady,
    afterHash,
    currentBefore,
    currentPeak,
    hash: digest.hash,
    size: digest.size,
  }),
);
