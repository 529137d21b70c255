// Draws one trial from its seed: the input files, which the service already holds, the server's faults (a
// route, a kind, the items or files it strikes), a store fault, kill points, cancels and retry rounds. Every
// choice comes from the seed, so `--seed S` replays the same trial.
import type { KillPoint, Route, ServerFault, StoreFault, StoreWrite, WireFault } from '../faults';
import { blake3Of } from '../hostile/assetRoutes';
import { Prng } from '../prng';
import { INPUT_FILES, SEEDS_PER_FILE, fileTag } from '../trialWorkflow';

export interface TrialPlan {
  seed: number;
  /** The input files' bytes, in the order the batch binds them (input-0 … input-4). */
  files: Buffer[];
  /** Each item's identity by its position in the batch (files outermost, seeds 1..10 inside). */
  identities: string[];
  /** Files the service holds before the trial (hash-first finds them: from-hash, zero bytes sent). */
  seededFiles: number[];
  serverFaults: ServerFault[];
  storeFaults: StoreFault[];
  /** Kill points, each in one phase (0: the first run, 1..: the retry rounds). */
  kills: Array<{ phase: number; point: KillPoint }>;
  retryRounds: number;
  /** Items whose jobs are canceled while the batch runs (by position). */
  cancelPositions: number[];
  failRate: number;
}

const bodyFaults: readonly WireFault[] = [
  'cut-before-status',
  'cut-after-status',
  'cut-after-headers',
  'cut-mid-body',
  'non-json',
  'slow-body',
  'empty-2xx',
  'never-ending-body',
  'huge-body',
  'status-429',
  'status-500',
  'status-503',
];
const headFaults: readonly WireFault[] = [
  'cut-before-status',
  'cut-after-status',
  'cut-after-headers',
  'status-429',
  'status-500',
  'status-503',
];

/** The kinds each route can meet. */
export const faultsByRoute: Record<Route, readonly WireFault[]> = {
  submit: [...bodyFaults, 'status-402'],
  upload: bodyFaults,
  'from-hash': bodyFaults,
  'by-hash': headFaults,
  cancel: bodyFaults,
  'read-job': [...bodyFaults, 'outputs-10k'],
  'list-jobs': bodyFaults,
};

/** Faults that cost seconds (a body past the time limit, 50 MB, 10,000 outputs) are drawn less often. */
const slowKinds: ReadonlySet<WireFault> = new Set([
  'slow-body',
  'never-ending-body',
  'huge-body',
  'outputs-10k',
]);
/** The kinds whose write may or may not have been done when the answer goes wrong. */
const eitherWay: ReadonlySet<WireFault> = new Set(['cut-before-status', 'status-500', 'status-503']);
const neverDone: ReadonlySet<WireFault> = new Set(['status-429', 'status-402']);
const writes: ReadonlySet<Route> = new Set(['submit', 'upload', 'from-hash', 'cancel']);

const routeWeights: ReadonlyArray<readonly [Route, number]> = [
  ['submit', 40],
  ['upload', 10],
  ['from-hash', 8],
  ['by-hash', 5],
  ['cancel', 10],
  ['read-job', 15],
  ['list-jobs', 12],
];

/** How many writes of each kind a trial makes, roughly: the range a store fault's `nth` is drawn from. */
const storeWrites: ReadonlyArray<readonly [StoreWrite, number, number]> = [
  ['plan', 2, 50],
  ['mark-sent', 3, 50],
  ['mark-result', 3, 50],
  ['requeue', 1, 3],
  ['job-record', 3, 80],
  ['outputs', 1, 40],
  ['upload-intent', 1, 5],
  ['commit', 3, 150],
];

function drawServerFault(
  prng: Prng,
  plan: Pick<TrialPlan, 'identities' | 'files' | 'seededFiles'>,
): ServerFault {
  const route = prng.weighted(routeWeights);
  const kind = prng.weighted(faultsByRoute[route].map((k) => [k, slowKinds.has(k) ? 0.4 : 1] as const));
  const processed = writes.has(route) && !neverDone.has(kind) && (!eitherWay.has(kind) || prng.chance(0.5));
  const tags = plan.files.map((file) => fileTag(blake3Of(file)));
  let targets: string[];
  if (route === 'list-jobs') targets = ['list'];
  else if (route === 'upload' || route === 'by-hash') targets = prng.sample(tags, prng.int(1, 2));
  else if (route === 'from-hash') {
    const seeded = plan.seededFiles.map((index) => tags[index] ?? '');
    targets = prng.sample(seeded.length > 0 ? seeded : tags, prng.int(1, 2));
  } else {
    const many = slowKinds.has(kind) ? 1 : prng.int(1, 4);
    targets = prng.sample(plan.identities, many);
  }
  const times = route === 'list-jobs' ? prng.int(1, 3) : prng.chance(0.8) ? 1 : 2;
  return { route, kind, targets, times, processed };
}

function drawStoreFault(prng: Prng): StoreFault {
  const [write, low, high] = prng.pick(storeWrites);
  return {
    write,
    nth: prng.int(low, high),
    times: prng.chance(0.8) ? 1 : 3,
    code: prng.chance(0.5) ? 'SQLITE_FULL' : 'SQLITE_IOERR',
  };
}

function drawKill(prng: Prng, phases: number): { phase: number; point: KillPoint } {
  const phase = prng.int(0, phases - 1);
  const on = prng.weighted([
    ['submit-arrived', 3],
    ['job-created', 3],
    ['asset-write-arrived', phase === 0 ? 1 : 0],
    ['after-ms', 2],
  ] as const);
  const point: KillPoint =
    on === 'after-ms'
      ? { on, ms: prng.int(100, 4_000) }
      : { on, nth: on === 'asset-write-arrived' ? prng.int(1, 5) : prng.int(1, 50) };
  return { phase, point };
}

/**
 * Now and then, a 404 on one read of a few jobs that are there (a service restarting, a node that has not heard
 * of a new job): once each, as a passing 404 is. Two in a row, a confirmation apart, would be the service
 * saying the job is gone, and Loupe believing it would be right.
 */
function passing404(prng: Prng, identities: readonly string[]): ServerFault[] {
  if (!prng.chance(0.2)) return [];
  const targets = prng.sample(identities, prng.int(1, 3));
  return [{ route: 'read-job', kind: 'status-404', targets, times: 1, processed: false }];
}

export function planTrial(seed: number): TrialPlan {
  const prng = new Prng(seed);
  const filesPrng = prng.fork('files');
  const files = Array.from({ length: INPUT_FILES }, () =>
    Buffer.from(Array.from({ length: filesPrng.int(1_024, 16_384) }, () => filesPrng.int(0, 255))),
  );
  const identities = Array.from({ length: INPUT_FILES * SEEDS_PER_FILE }, (_, position) => {
    const file = files[Math.floor(position / SEEDS_PER_FILE)] ?? Buffer.alloc(0);
    return `${fileTag(blake3Of(file))}:${(position % SEEDS_PER_FILE) + 1}`;
  });
  const seededFiles = files.flatMap((_, index) => (prng.chance(0.4) ? [index] : []));
  const base = { files, identities, seededFiles };
  const faultPrng = prng.fork('server-faults');
  const serverFaults = Array.from(
    {
      length: faultPrng.weighted([
        [1, 45],
        [2, 35],
        [3, 20],
      ] as const),
    },
    () => drawServerFault(faultPrng, base),
  );
  const storePrng = prng.fork('store-faults');
  const storeFaults = storePrng.chance(0.35) ? [drawStoreFault(storePrng)] : [];
  const retryRounds = prng.fork('rounds').weighted([
    [0, 30],
    [1, 50],
    [2, 20],
  ] as const);
  const killPrng = prng.fork('kills');
  const killCount = killPrng.weighted([
    [0, 55],
    [1, 35],
    [2, 10],
  ] as const);
  const kills = Array.from({ length: killCount }, () => drawKill(killPrng, retryRounds + 1));
  // A cancel fault needs its items' jobs canceled; otherwise a few trials cancel for the cancels' sake.
  const cancelPrng = prng.fork('cancels');
  const struck = serverFaults
    .filter((fault) => fault.route === 'cancel')
    .flatMap((fault) => fault.targets.map((target) => identities.indexOf(target)));
  const extra = cancelPrng.chance(0.2) ? cancelPrng.sample([...identities.keys()], cancelPrng.int(1, 2)) : [];
  const cancelPositions = [...new Set([...struck, ...extra])].filter((position) => position >= 0);
  // Drawn from a stream of its own, after every other, so the faults a seed drew before it existed (the fixed
  // seeds, the kept cases) are drawn the same.
  serverFaults.push(...passing404(prng.fork('passing-404'), identities));
  return { seed, ...base, serverFaults, storeFaults, kills, retryRounds, cancelPositions, failRate: 0.1 };
}
