// What the batch and thumbnail areas share: a serverless simulator in this process (its request log is the
// evidence of what left storage), a shell on a profile for it with the key kept for the session, and a
// 1,000-item batch started through the contract as the New batch screen starts one: a 25 × 40 sweep of
// cfg and seed over a text-to-image workflow, so its contact sheet is a grid of 1,000 pictures.
import { rmSync } from 'node:fs';
import { z } from 'zod';
import { textToImageWorkflow } from '../../src-main/simulator/jobs/sampleWorkflows';
import { startSimulator, type RunningSimulator } from '../../src-main/simulator/server';
import { batchDetailSchema, batchSendingSchema } from '../../src-shared/contracts/batches';
import { profileSchema } from '../../src-shared/contracts/profiles';
import { connectContract, type ContractClient } from './contract';
import { newDataDir, seedDataDir } from './seedStore';
import { startShell, stopShell, type BenchShell } from './shell';

export const KEY = 'bench-key';
/** Signed storage links live this long; the thumbnails area moves the simulator's clock past it. */
export const URL_TTL_SECONDS = 600;
export const PROFILE_ID = 'sim';

export interface BatchSession {
  sim: RunningSimulator;
  dataDir: string;
  shell: BenchShell;
  contract: ContractClient;
  /** A later start of Loupe on the same data directory (the key is given again: it was session-only). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

async function giveKey(contract: ContractClient): Promise<void> {
  await contract.call(
    'profiles.setCredential',
    { profileId: PROFILE_ID, secret: KEY, allowSessionOnly: true },
    z.object({ profile: profileSchema }),
  );
}

export async function openBatchSession(): Promise<BatchSession> {
  const sim = await startSimulator({
    surface: 'serverless',
    apiKeys: [KEY],
    workers: 16,
    urlTtlSeconds: URL_TTL_SECONDS,
    timing: { dispatchMs: 1, nodeMs: 4, stepMs: 12, progressThrottleMs: 100, previewThrottleMs: 60_000 },
  });
  const dataDir = newDataDir();
  seedDataDir(dataDir, { profileId: PROFILE_ID, surface: 'serverless', baseUrl: sim.url });
  const session: BatchSession = {
    sim,
    dataDir,
    shell: await startShell(dataDir),
    contract: { call: () => Promise.reject(new Error('not connected')), close: () => undefined },
    restart: async () => {
      session.contract.close();
      await stopShell(session.shell);
      session.shell = await startShell(dataDir);
      session.contract = await connectContract(session.shell);
      await giveKey(session.contract);
    },
    close: async () => {
      session.contract.close();
      await stopShell(session.shell);
      await sim.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  session.contract = await connectContract(session.shell);
  await giveKey(session.contract);
  return session;
}

export const SHEET = { columns: 25, rows: 40 } as const;

/** Starts the 1,000-item sweep, paused at once: the page opens it before its jobs run. */
export async function startPausedBatch(contract: ContractClient): Promise<string> {
  const started = await contract.call(
    'batches.start',
    {
      profileId: PROFILE_ID,
      // 30 sampler steps of 12 ms: each job lasts about 0.4 s, slow enough to watch items change.
      workflowJson: JSON.stringify(textToImageWorkflow({ steps: 30, width: 96, height: 96 })),
      axes: [
        { kind: 'sweep', text: `3.cfg=1..${SHEET.columns}` },
        { kind: 'sweep', text: `3.seed=1..${SHEET.rows}` },
      ],
      name: `Lighthouse, cfg × seed (${SHEET.columns * SHEET.rows})`,
      window: 8,
    },
    batchSendingSchema,
  );
  await contract.call(
    'batches.control',
    { profileId: PROFILE_ID, batchId: started.batchId, action: 'pause' },
    batchSendingSchema,
  );
  // Items already handed to the sender settle first: a resume right after a pause sends one of them a
  // second time and the shell dies on the store's conflict (reported to the batches owner).
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return started.batchId;
}

export async function resumeBatch(contract: ContractClient, batchId: string, window: number): Promise<void> {
  await contract.call(
    'batches.control',
    { profileId: PROFILE_ID, batchId, action: 'resume', window },
    batchSendingSchema,
  );
}

/** A wider (or narrower) window for a batch that is sending. */
export async function setBatchWindow(
  contract: ContractClient,
  batchId: string,
  window: number,
): Promise<void> {
  await contract.call(
    'batches.control',
    { profileId: PROFILE_ID, batchId, action: 'window', window },
    batchSendingSchema,
  );
}

/** Polls batches.get until every item has ended. */
export async function batchFinished(
  contract: ContractClient,
  batchId: string,
  timeoutMs: number,
): Promise<void> {
  const began = Date.now();
  for (;;) {
    const detail = await contract.call('batches.get', { profileId: PROFILE_ID, batchId }, batchDetailSchema);
    if (detail.finished) return;
    if (Date.now() - began > timeoutMs) throw new Error('the 1,000-item batch did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const grantSchema = z.object({ assetId: z.string() });

/** The asset a storage link was signed for: its token's payload names it (simulator/assets/signedUrls.ts). */
function assetOfStoragePath(path: string): string {
  const payload = path.slice('/_storage/'.length).split('.')[0] ?? '';
  try {
    return grantSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))).assetId;
  } catch {
    return path;
  }
}

export interface StorageTraffic {
  /** Bytes served from storage, by asset (a link refused as expired is not a fetch of the picture). */
  fetched: Map<string, number>;
  /** Storage links refused (expired or damaged). */
  refused: number;
  /** Asset look-ups: each one resolves an asset's link again. */
  resolutions: number;
}

/** What the simulator saw since its request log was last cleared. */
export function storageTraffic(sim: RunningSimulator): StorageTraffic {
  const fetched = new Map<string, number>();
  let refused = 0;
  let resolutions = 0;
  for (const request of sim.control.requests()) {
    if (request.path.startsWith('/_storage/')) {
      if (request.status === 200 || request.status === 206) {
        const asset = assetOfStoragePath(request.path);
        fetched.set(asset, (fetched.get(asset) ?? 0) + 1);
      } else refused += 1;
    } else if (request.method === 'GET' && /\/api\/v2\/assets\/[^/]+$/.test(request.path)) resolutions += 1;
  }
  return { fetched, refused, resolutions };
}
