// 100,000 library entries in a real store, made the way the app makes them: finished jobs with their
// workflows (written straight into the jobs table, as bench/core/libraryBench.ts does, since how they got
// there is not what is measured), then their outputs through the store's own writer, which makes each
// entry and its search rows from the job's workflow. Every entry's thumbnail is ready on disk, as after the
// app has made them: 64 distinct pictures (content-addressed, so many entries share one), no service needed.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import sharp from 'sharp';
import { openStore } from '../../src-main/core/store/loupeStore';
import type { OutputRowInput } from '../../src-main/core/store/outputsTable';
import { insertFinishedJobs } from '../core/libraryBench';

const PER_JOB = 4;
const JOBS_PER_TRANSACTION = 62;
const PICTURES = 64;

const hashOf = (picture: number): string => picture.toString(16).padStart(64, '0');

async function writeThumbnails(dataDir: string): Promise<void> {
  for (let picture = 0; picture < PICTURES; picture++) {
    const hex = hashOf(picture);
    const dir = join(dataDir, 'cache', 'thumbs', hex.slice(0, 2));
    mkdirSync(dir, { recursive: true });
    const hue = (picture * 47) % 256;
    await sharp({
      create: {
        width: 384,
        height: 288,
        channels: 3,
        background: { r: hue, g: 255 - hue, b: (hue * 3) % 256 },
      },
    })
      .webp({ quality: 70 })
      .toFile(join(dir, `${hex}.webp`));
  }
}

/** Fills the store at `<dataDir>/loupe.db` (its profile already there) with `outputs` library entries. */
export async function seedLibrary(dataDir: string, profileId: string, outputs: number): Promise<void> {
  const path = join(dataDir, 'loupe.db');
  const jobs = Math.ceil(outputs / PER_JOB);
  openStore(path).close();
  const raw = new Database(path);
  insertFinishedJobs(raw, profileId, jobs);

  const store = openStore(path);
  try {
    const outputsOf = (j: number): OutputRowInput[] =>
      Array.from({ length: Math.min(PER_JOB, outputs - j * PER_JOB) }, (_, k) => ({
        assetId: `a-${j}-${k}`,
        nodeId: '9',
        name: `ComfyUI_${String(j * PER_JOB + k).padStart(6, '0')}_.png`,
        type: 'image',
        contentType: 'image/png',
        size: 100_000 + j,
        hash: `blake3:${hashOf((j * PER_JOB + k) % PICTURES)}`,
        position: k,
      }));
    for (let j = 0; j < jobs; j += JOBS_PER_TRANSACTION) {
      store.transaction(() => {
        for (let k = j; k < Math.min(jobs, j + JOBS_PER_TRANSACTION); k++)
          store.outputs.upsertRows(profileId, `job-${k}`, outputsOf(k));
      });
    }
  } finally {
    store.close();
  }
  // The thumbnails were made (what ThumbMaker records once a hash's picture is on disk).
  raw.exec(`UPDATE library_entries SET thumb_state = 'ready' WHERE hash IS NOT NULL`);
  raw.close();
  await writeThumbnails(dataDir);
}
