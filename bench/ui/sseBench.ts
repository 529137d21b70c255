// SSE to screen: a running job open in the detail, its sampler stepping every 40 ms, each step a progress
// event on the job's stream. The simulator runs in this process; a second subscriber here timestamps each
// event as it leaves (sseObserver.ts), and the page logs each change of the detail's progress line ("Step
// k/N") with a mutation observer. The two clocks are tied by an offset measured in the run (browser.ts).
// An event counts as shown when the page first shows its step or a later one.
import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { z } from 'zod';
import { textToImageWorkflow } from '../../src-main/simulator/jobs/sampleWorkflows';
import { startSimulator } from '../../src-main/simulator/server';
import { profileSchema } from '../../src-shared/contracts/profiles';
import type { Figure, Figures } from '../figures';
import { pageClockOffset, probedPage } from './browser';
import { connectContract } from './contract';
import { logText, stopObservers } from './pageMeasure';
import type { PageGlobals } from './pageTypes';
import { newDataDir, seedDataDir } from './seedStore';
import { observeProgress } from './sseObserver';
import { startShell, stopShell } from './shell';
import { loadNote, percentile } from './stats';

const KEY = 'bench-key';
const STEPS = 420;
const STEP_MS = 40;
/** Events before this many are the stream settling in (the detail subscribing); they are not counted. */
const WARM_UP = 10;
const TARGET_MS = 100;

const textsSchema = z.array(z.object({ at: z.number(), text: z.string() }));

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const began = Date.now();
  while (!done()) {
    if (Date.now() - began > timeoutMs) throw new Error('timed out waiting for the job’s last step');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function submitLongJob(baseUrl: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/v2/jobs`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${KEY}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({ workflow: textToImageWorkflow({ steps: STEPS, width: 64, height: 64 }) }),
  });
  return z.object({ id: z.string() }).parse(await answer.json()).id;
}

export async function benchSseToScreen(browser: Browser): Promise<Figures> {
  const sim = await startSimulator({
    surface: 'serverless',
    apiKeys: [KEY],
    timing: {
      dispatchMs: 20,
      nodeMs: 20,
      stepMs: STEP_MS,
      progressThrottleMs: STEP_MS / 2,
      previewThrottleMs: 60_000,
    },
  });
  const dataDir = newDataDir();
  seedDataDir(dataDir, { profileId: 'sim', surface: 'serverless', baseUrl: sim.url });
  const shell = await startShell(dataDir);
  const { context, page } = await probedPage(browser);
  try {
    const contract = await connectContract(shell);
    await contract.call(
      'profiles.setCredential',
      { profileId: 'sim', secret: KEY, allowSessionOnly: true },
      z.object({ profile: profileSchema }),
    );
    contract.close();
    const jobId = await submitLongJob(sim.url);
    await page.goto(shell.url);
    await page.locator(`[data-job-id="${jobId}"]`).click();
    const detail = page.getByTestId('job-detail');
    await detail.waitFor();
    const observer = await observeProgress(`${sim.url}/api/v2/jobs/${jobId}/events`, KEY);
    await page.evaluate(logText, { selector: '[data-testid="job-progress"]' });
    // Until the sampler's last step has been sent, and a moment for the page to show it.
    await until(() => observer.sent.some((event) => event.step === STEPS), 120_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    observer.stop();
    await page.evaluate(stopObservers);
    const { offsetMs, errorMs } = await pageClockOffset(page);
    const texts = textsSchema.parse(
      await page.evaluate(() => (globalThis as unknown as PageGlobals).__loupeBench?.texts ?? []),
    );
    // A line without a step comes after the sampler (the nodes that follow it): later than any step.
    const shown = texts.map((entry) => {
      const step = /Step (\d+)\//.exec(entry.text)?.[1];
      return { step: step === undefined ? Infinity : Number(step), at: entry.at - offsetMs };
    });
    const latencies = observer.sent.slice(WARM_UP).flatMap((event) => {
      const seen = shown.find((entry) => entry.step >= event.step && entry.at >= event.at);
      return seen === undefined ? [] : [seen.at - event.at];
    });
    const counted = observer.sent.length - WARM_UP;
    const missed = counted - latencies.length;
    const p95 = percentile(latencies, 95);
    const drawn = new Set(shown.map((entry) => entry.step));
    const skipped = observer.sent.filter((event) => !drawn.has(event.step)).length;
    const figures: Figure[] = [
      {
        name: `progress event → in the DOM, p95 of ${latencies.length} events`,
        value: p95,
        unit: 'ms',
        target: `≤ ${TARGET_MS}`,
        met: p95 <= TARGET_MS && latencies.length >= 200 && missed === 0,
      },
      { name: '  median', value: percentile(latencies, 50), unit: 'ms' },
      { name: '  worst', value: Math.max(...latencies), unit: 'ms' },
      {
        name: '  events never shown (target 0)',
        value: missed,
        unit: 'events',
        target: '0',
        met: missed === 0,
      },
      { name: '  steps a newer one replaced before it was drawn', value: skipped, unit: 'steps' },
      { name: 'clock offset uncertainty (page ↔ Node)', value: errorMs, unit: 'ms' },
    ];
    return {
      title: 'SSE to screen: a running job’s progress events to the detail’s DOM',
      figures,
      notes: [
        loadNote(),
        `One job, ${STEPS} sampler steps ${STEP_MS} ms apart, each a progress event; the first ${WARM_UP} not counted.`,
        'Sent: when a second subscriber in the simulator’s process received the event; shown: when a mutation',
        'observer in the page saw the progress line reach that step (or a later one).',
      ],
    };
  } finally {
    await context.close();
    await stopShell(shell);
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
