// Core as the CLI builds it (a headless createCore on a data directory, a profile of its own for the service
// at LOUPE_BASE_URL with its key held in this process only, pinned for this process), pointed at the hostile
// server, with the short watch intervals the CLI's own tests use and the client time limit of timedFetch.ts.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCore, type LoupeCore } from '../../../src-main/core/app/createCore';
import { describeApp } from '../../../src-main/core/app/version';
import type { ProfileJobs } from '../../../src-main/core/jobs';
import { processKeychain } from '../../../src-main/core/profiles';
import type { WatchConfig } from '../../../src-main/core/watch';
import type { DriverConfig } from './protocol';
import { timedFetch } from './timedFetch';

export const PROFILE_NAME = 'chaos';

/**
 * Every job this trial's Loupe processes told a window was gone, one id a line, in the data directory: a list
 * later clears a wrongly noted Gone from the store, so the record at the end would not show it, and a process
 * killed mid-trial takes its memory with it. Appended as it is told, so it survives a SIGKILL.
 */
export const TOLD_GONE_FILE = 'told-gone.txt';

/** The watcher's intervals shortened as the CLI's tests shorten them (jobsHarness.ts fastWatch). */
const fastWatch: Partial<WatchConfig> = {
  tickMs: 5,
  detailRunningMs: 40,
  detailQueuedMs: 60,
  detailConfirmMs: 250,
  unknownStatusMs: 80,
  goneConfirmMs: 300,
  backgroundRunningMs: 60,
  backgroundQueuedMs: 100,
  requestsPerSecond: 200,
  burst: 40,
  sseCooldownMs: 400,
  sseMaxCooldownMs: 2_000,
  sseReconnectDelayMs: 10,
  backoffBaseMs: 100,
  backoffMaxMs: 1_000,
  retryAfterMinMs: 50,
  flushMs: 10,
};

export interface Engine {
  core: LoupeCore;
  profileId: string;
  runtime: ProfileJobs;
}

export async function openEngine(
  config: DriverConfig,
  logError: (message: string, error: unknown) => void,
): Promise<Engine> {
  const core = await createCore({
    dataDir: config.dataDir,
    keychain: processKeychain(),
    headless: true,
    appInfo: describeApp('browser'),
    openExternal: null,
    demo: null,
    fetch: timedFetch(config.clientTimeoutMs),
    // Core's own time limit too, so a body slower than it is met by core's `timeout`, not only the abort.
    jobs: { requestTimeoutMs: config.clientTimeoutMs, reconcileAttempts: 3, reconcileDelayMs: 100 },
    watch: fastWatch,
    logError,
  });
  const existing = await core.profiles.findByName(PROFILE_NAME);
  const profile =
    existing ??
    (await core.profiles.create({ name: PROFILE_NAME, surface: 'serverless', baseUrl: config.baseUrl }));
  await core.profiles.setCredential(profile.id, config.apiKey, { allowSessionOnly: true });
  core.profiles.pinActive(profile.id);
  const runtime = await core.jobs.runtime(profile.id);
  runtime.watcher.onUpdates((rows) => {
    const gone = rows.filter((row) => row.goneAt != null).map((row) => `${row.id}\n`);
    if (gone.length === 0) return;
    try {
      appendFileSync(join(config.dataDir, TOLD_GONE_FILE), gone.join(''));
    } catch (error) {
      logError('Noting the jobs told gone failed', error);
    }
  });
  return { core, profileId: profile.id, runtime };
}
