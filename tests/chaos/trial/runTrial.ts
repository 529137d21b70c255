// One trial, start to verdict: the hostile server with the seed's faults, the 50-item batch sent by Loupe in
// a child process (killed, restarted, retried as the seed says), then a good day (the service behaves, the
// disk is mended: resume, retry failed, as a person would), Loupe closed, and the count on the server's side.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeKill, describeServerFault, describeStoreFault } from '../faults';
import { CHAOS_API_KEY, startHostileServer } from '../hostile/server';
import { planTrial, type TrialPlan } from './planTrial';
import { TrialSession } from './session';
import { judge, type Finding } from './verdict';

/** The client's time limit in the driver: a slow body finishes a second after it. */
export const CLIENT_TIMEOUT_MS = 2_000;
const WINDOW = 32;

export interface TrialResult {
  seed: number;
  plan: TrialPlan;
  /** Faults that struck, by name: server answers mangled, store writes failed, kills. */
  struck: string[];
  lost: Finding[];
  doubled: Finding[];
  deaths: Finding[];
  notes: string[];
  durationMs: number;
}

/**
 * Where trials keep their data: memory-backed /dev/shm when there is one. A SIGKILL loses nothing the page
 * cache holds, so the trial proves the same thing, while core's ~100 fsyncs per batch cost nothing (on a
 * shared disk they were half of a trial's time).
 */
function scratchRoot(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

export function describePlan(plan: TrialPlan): string[] {
  return [
    ...plan.serverFaults.map(describeServerFault),
    ...plan.storeFaults.map(describeStoreFault),
    ...plan.kills.map((kill) => `${describeKill(kill.point)} in phase ${kill.phase}`),
    ...(plan.cancelPositions.length > 0 ? [`cancel items ${plan.cancelPositions.join(',')}`] : []),
    `${plan.retryRounds} retry round(s)`,
  ];
}

export async function runTrial(seed: number, bundle: string): Promise<TrialResult> {
  const started = Date.now();
  const plan = planTrial(seed);
  const dir = mkdtempSync(join(scratchRoot(), `loupe-chaos-${seed}-`));
  const inputsDir = join(dir, 'inputs');
  mkdirSync(inputsDir);
  plan.files.forEach((bytes, index) => writeFileSync(join(inputsDir, `input-${index}.png`), bytes));
  let session: TrialSession | null = null;
  const server = await startHostileServer({
    seed,
    faults: plan.serverFaults,
    clock: {
      queuedMs: [10, 50],
      runMs: [30, 150],
      failRate: plan.failRate,
      longRun: { identities: new Set(plan.cancelPositions.map((p) => plan.identities[p] ?? '')), ms: 1_500 },
    },
    clientTimeoutMs: CLIENT_TIMEOUT_MS,
    seededBlobs: plan.seededFiles.flatMap((index) => plan.files[index] ?? []),
    onEvent: (event) => session?.onServerEvent(event),
  });
  const active = new TrialSession({
    bundle,
    config: {
      dataDir: join(dir, 'data'),
      baseUrl: server.url,
      apiKey: CHAOS_API_KEY,
      clientTimeoutMs: CLIENT_TIMEOUT_MS,
      window: WINDOW,
      inputsDir,
      batchName: `chaos ${seed}`,
    },
    storeFaults: plan.storeFaults,
    kills: plan.kills,
    cancelPositions: plan.cancelPositions,
  });
  session = active;
  try {
    await active.runPhase(0, 'send');
    for (let round = 1; round <= plan.retryRounds; round += 1) await active.runPhase(round, 'retry');
    // The good day: the service behaves and the disk is mended; Loupe takes up what it left (in the process
    // still running, or a new one) and retries what failed, as a person would.
    server.faults.enabled = false;
    await active.mend();
    const healPhase = plan.retryRounds + 1;
    await active.runPhase(healPhase, 'resume');
    await active.runPhase(healPhase, 'retry');
    const report = await active.report();
    const record = report?.type === 'report' ? report.record : null;
    const verdict =
      record === null
        ? {
            lost: [{ subject: 'trial', reason: 'no process could report Loupe’s record' }],
            doubled: [],
            undetermined: [],
          }
        : judge(server.ledger, server.faults.fired, record, active.cancels);
    if (record !== null && record.batchId === null) active.notes.push('the batch was never recorded');
    if (verdict.undetermined.length > 0) {
      active.notes.push(
        `${verdict.undetermined.length} item(s) left unsent or unknown with no job on the service: ${verdict.undetermined.slice(0, 4).join(', ')}`,
      );
    }
    // Closing is part of the trial: a rejection while core shuts down is a death too.
    await active.close();
    return {
      seed,
      plan,
      struck: [
        ...server.faults.fired.map(
          (fault) => `${fault.route} ${fault.kind}${fault.processed ? ' (done)' : ''}`,
        ),
        ...active.struck,
      ],
      lost: verdict.lost,
      doubled: verdict.doubled,
      deaths: active.deaths,
      notes: active.notes,
      durationMs: Date.now() - started,
    };
  } finally {
    await active.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
