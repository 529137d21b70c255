// The jobs screens on each surface, against a simulator the test starts itself (not the Demo): add a profile
// for it, submit a workflow through the picker and watch it move to succeeded, read the log (serverless) or
// the words for "this service keeps no logs" (elsewhere), cancel a running job, and retry a failed one with
// both attempts linked. Then hostile log text on serverless: inert, marked, and the page still answers.
// Screenshots of the list and the detail per surface go to the test's output folder for a person to look at.
import type { Locator, Page } from '@playwright/test';
import { failingWorkflow, textToImageWorkflow } from '../src-main/simulator/jobs/sampleWorkflows';
import { headerStatus, openWithProfile, submitThroughPicker } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { DEMO_KEY, expect, test, type Surface } from './support/simulator';

const SURFACES: readonly Surface[] = ['self-hosted', 'managed', 'serverless'];

/** "Step N/M" from the detail's progress line, or null when no sampler step shows. */
async function samplerStep(detail: Locator): Promise<number | null> {
  const panel = detail.getByTestId('job-progress');
  if ((await panel.count()) === 0) return null;
  const match = /Step (\d+)\/\d+/.exec((await panel.textContent()) ?? '');
  return match ? Number(match[1]) : null;
}

function rowOf(list: Locator, jobId: string): Locator {
  return list.locator(`[role="option"][data-job-id="${jobId}"]`);
}

/** Page errors and any dialog (alert, confirm…) the page opens: a hostile text that ran would show here. */
function watchErrors(page: Page): string[] {
  const errors = collectPageErrors(page);
  page.on('dialog', (dialog) => {
    errors.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return errors;
}

for (const surface of SURFACES) {
  test.describe(surface, () => {
    test.use({ surface });

    test(`${surface}: submit to succeeded, logs, cancel, retry with both attempts`, async ({
      page,
      webShell,
      simulator,
    }, testInfo) => {
      test.setTimeout(45_000);
      const errors = watchErrors(page);
      const key = await openWithProfile(page, webShell.url, {
        name: `Sim ${surface}`,
        surface,
        baseUrl: simulator.url,
        ...(surface === 'self-hosted' ? {} : { apiKey: DEMO_KEY }),
      });
      testInfo.annotations.push({ type: 'API key', description: key });
      await expect(page.getByTestId('active-profile')).toContainText(simulator.url.replace('http://', ''));
      const list = page.getByRole('listbox', { name: 'Jobs' });
      const detail = page.getByTestId('job-detail');

      // Submit a sampler workflow and watch its steps go by, then the end.
      const steps = 60;
      const kiteId = await submitThroughPicker(
        page,
        'kite.json',
        textToImageWorkflow({ prompt: 'a red kite over dunes', steps, filenamePrefix: 'kite' }),
      );
      await expect.poll(() => samplerStep(detail), { timeout: 10_000 }).toBeGreaterThan(0);
      const firstSeen = (await samplerStep(detail)) ?? 0;
      expect(firstSeen).toBeLessThan(steps);
      await expect(detail.getByRole('progressbar', { name: 'Job progress' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`${surface}-detail-running.png`) });
      await expect.poll(() => samplerStep(detail), { timeout: 10_000 }).toBeGreaterThan(firstSeen);
      await expect(headerStatus(detail)).toHaveAttribute('data-status', 'succeeded', { timeout: 15_000 });
      await expect(detail.getByRole('tab', { name: /Outputs/ })).toContainText('1');
      await expect(rowOf(list, kiteId)).toHaveAttribute('data-status', 'succeeded');

      // Logs: serverless keeps them; the proxy and the managed service answer 204, said in words.
      await detail.getByRole('tab', { name: 'Logs' }).click();
      if (surface === 'serverless') {
        const log = detail.getByTestId('job-log');
        await expect(log).toBeVisible({ timeout: 10_000 });
        await expect(log).toContainText(`got prompt ${kiteId}`);
        await expect(log).toContainText('Prompt executed in');
      } else {
        const none = detail.getByTestId('log-none');
        await expect(none).toHaveAttribute('data-reason', 'not-captured', { timeout: 10_000 });
        await expect(none).toContainText('This service keeps no job logs');
        await expect(none).toContainText('only serverless deployments capture them');
      }
      await page.screenshot({ path: testInfo.outputPath(`${surface}-detail-logs.png`) });

      // Cancel a long job while it runs. Slow answers for a moment, so the canceling state is on screen long
      // enough to see before the end lands.
      const longId = await submitThroughPicker(page, 'long.json', textToImageWorkflow({ steps: 5_000 }));
      await expect.poll(() => samplerStep(detail), { timeout: 10_000 }).toBeGreaterThan(0);
      simulator.control.setFaults({ delayMs: 600 });
      await detail.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(detail.getByRole('button', { name: 'Canceling…' })).toBeVisible();
      simulator.control.clearFaults();
      await expect(headerStatus(detail)).toHaveAttribute('data-status', 'canceled', { timeout: 10_000 });
      await expect(detail.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
      await expect(rowOf(list, longId)).toHaveAttribute('data-status', 'canceled');

      // A workflow whose node raises: failed with a traceback; retry it and see both attempts, linked.
      const failedId = await submitThroughPicker(
        page,
        'fails.json',
        failingWorkflow('The kite string broke'),
      );
      await expect(headerStatus(detail)).toHaveAttribute('data-status', 'failed', { timeout: 10_000 });
      await detail.getByRole('tab', { name: 'Error' }).click();
      await expect(detail.getByTestId('job-error')).toContainText('node_execution_error');
      await expect(detail.getByTestId('job-error')).toContainText('RuntimeError: The kite string broke');
      await detail.getByRole('button', { name: 'Retry' }).click();
      await expect(detail).not.toHaveAttribute('data-job-id', failedId);
      const attemptId = (await detail.getAttribute('data-job-id')) ?? '';
      await expect(detail).toContainText(`Retry of${failedId}`);
      await expect(headerStatus(detail)).toHaveAttribute('data-status', 'failed', { timeout: 10_000 });
      await expect(rowOf(list, attemptId)).toContainText('retry');
      await expect(rowOf(list, failedId)).toHaveAttribute('data-status', 'failed');
      await page.screenshot({ path: testInfo.outputPath(`${surface}-detail-retry.png`) });

      // The original lists its new attempt and opens it from there.
      await rowOf(list, failedId).click();
      await expect(detail).toHaveAttribute('data-job-id', failedId);
      await expect(detail).toContainText(`Retried as${attemptId}`);

      // Every job this test made is in the list (on managed through v1, which may say so).
      for (const id of [kiteId, longId, failedId, attemptId]) await expect(rowOf(list, id)).toBeVisible();
      if (surface === 'managed') {
        const notice = page.getByTestId('list-notice');
        if ((await notice.count()) > 0) await expect(notice).toContainText(/v1|legacy|older/i);
      }
      await page.screenshot({ path: testInfo.outputPath(`${surface}-list.png`) });
      expect(errors).toEqual([]);
    });
  });
}

const HOSTILE_LINES = [
  '<b>bold</b> <img src=x onerror="window.__pwned = \'img\'"> <script>window.__pwned = "script"</script>',
  '<a href="javascript:window.__pwned = \'link\'">click me</a> javascript:window.__pwned="bare" [md](javascript:alert(1))',
  '\u001b[31mred\u001b[0m \u001b]8;;javascript:alert(1)\u0007osc link\u001b]8;;\u0007 \u001b]0;window title\u0007',
  'invoice\u202Efdp.exe \u2067isolated\u2069 zero\u200Bwidth',
  'nul\u0000byte del\u007f c1\u009b',
];
const HOSTILE = HOSTILE_LINES.join('\n');
/** What no rendering of the hostile text may contain: the raw characters that act without being seen. */
// eslint-disable-next-line no-control-regex -- looking for them is the point
const RAW_INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b]/;

/** Markup the hostile text would have made had it been treated as HTML. */
function injected(scope: Locator): Locator {
  return scope.locator('script, a, img, b, iframe, [onerror], [href^="javascript:" i]');
}

async function expectInert(page: Page, scope: Locator): Promise<void> {
  await expect(injected(scope)).toHaveCount(0);
  // Nor anywhere else on the page.
  await expect(
    page.locator('body [href^="javascript:" i], body img[src="x"], body [onerror], body script'),
  ).toHaveCount(0);
  expect(RAW_INVISIBLE.test((await scope.textContent()) ?? '')).toBe(false);
  expect(await page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned)).toBeUndefined();
}

/** A click lands and the page answers within `withinMs`, measured from the click. */
async function answersClick(page: Page, tab: Locator, shown: Locator, withinMs: number): Promise<number> {
  const started = Date.now();
  await tab.click({ timeout: withinMs });
  await expect(shown).toBeVisible({ timeout: withinMs });
  const elapsed = Date.now() - started;
  // The main thread is free again: a zero-delay timer runs promptly.
  const lag = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const at = performance.now();
        setTimeout(() => resolve(performance.now() - at), 0);
      }),
  );
  expect(lag).toBeLessThan(250);
  return elapsed;
}

test.describe('hostile log text', () => {
  test.use({ surface: 'serverless' });

  test('HTML, scripts, javascript: links, ANSI/OSC, bidi, NUL and a 2 MB line render inert; a job over the read limit says so; the page stays responsive', async ({
    page,
    webShell,
    simulator,
  }, testInfo) => {
    test.setTimeout(45_000);
    const errors = watchErrors(page);

    // A 2 MB single-line error (and so log line), submitted elsewhere before Loupe connects: the browser shell
    // carries at most 1 MiB from the page to its host, so this one cannot go through the picker. Its job
    // (message, traceback and workflow each holding the line) stays under the 8 MiB Loupe reads of a job; a
    // job holding a 5 MB line three times is over it, and says so instead of filling main's memory.
    const lineOf = (bytes: number): string => {
      const chunk = '<img src=x onerror=window.__pwned=5>' + 'A'.repeat(92);
      return `\u202E${chunk.repeat(Math.ceil(bytes / chunk.length)).slice(0, bytes)}\u202C end`;
    };
    const failedElsewhere = async (line: string): Promise<string> => {
      const response = await fetch(`${simulator.url}/api/v2/jobs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${DEMO_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ workflow: failingWorkflow(line) }),
      });
      expect(response.status).toBe(201);
      const id = ((await response.json()) as { id: string }).id;
      await expect
        .poll(() => simulator.control.jobs().find((job) => job.id === id)?.status, { timeout: 10_000 })
        .toBe('failed');
      return id;
    };
    const tooLargeId = await failedElsewhere(lineOf(5 * 1024 * 1024));
    const bigId = await failedElsewhere(lineOf(2 * 1024 * 1024));

    await openWithProfile(page, webShell.url, {
      name: 'Hostile',
      surface: 'serverless',
      baseUrl: simulator.url,
      apiKey: DEMO_KEY,
    });
    const list = page.getByRole('listbox', { name: 'Jobs' });
    const detail = page.getByTestId('job-detail');

    // The hostile job goes through the picker; its node's message is echoed into the worker log.
    const hostileId = await submitThroughPicker(page, 'hostile.json', failingWorkflow(HOSTILE));
    await expect(headerStatus(detail)).toHaveAttribute('data-status', 'failed', { timeout: 10_000 });
    await detail.getByRole('tab', { name: 'Logs' }).click();
    const log = detail.getByTestId('job-log');
    await expect(log).toContainText('<script>window.__pwned = "script"</script>', { timeout: 10_000 });
    await expect(log).toContainText('<a href="javascript:window.__pwned = \'link\'">click me</a>');
    await expect(log).toContainText('ESC[31mredESC[0m');
    await expect(log).toContainText('ESC]8;;javascript:alert(1)BELosc link');
    await expect(log).toContainText('invoiceU+202Efdp.exe');
    await expect(log).toContainText('nulNULbyte delDEL c1U+009B');
    // Each hidden character is a small marked abbreviation (its text is the mark's name).
    const marks = await log.locator('abbr[data-mark]').allTextContents();
    expect(marks).toEqual(
      expect.arrayContaining(['ESC', 'BEL', 'NUL', 'DEL', 'U+202E', 'U+2067', 'U+2069', 'U+200B', 'U+009B']),
    );
    await expectInert(page, log);
    await page.screenshot({ path: testInfo.outputPath('hostile-log.png') });

    // The same text in the error tab, the detail's summary and the list row.
    await detail.getByRole('tab', { name: 'Error' }).click();
    const error = detail.getByTestId('job-error');
    await expect(error).toContainText('<script>window.__pwned = "script"</script>');
    await expect(error.locator('abbr[data-mark="U+202E"]').first()).toBeVisible();
    await expectInert(page, error);
    await expectInert(page, rowOf(list, hostileId));
    await page.screenshot({ path: testInfo.outputPath('hostile-error.png') });

    // The 2 MB line: open its log; the page still answers, and what it shows stays bounded and inert.
    await detail.getByRole('tab', { name: 'Logs' }).click();
    await rowOf(list, bigId).click();
    await expect(detail).toHaveAttribute('data-job-id', bigId, { timeout: 10_000 });
    await expect(log.locator('[data-log-row]').first()).toBeVisible({ timeout: 15_000 });
    // Cut into rows of the pane's width: the line starts with its bidi override made visible.
    await expect(log).toContainText('!!! Exception during processing !!! U+202E<img src=x onerror=');
    expect(await log.locator('[data-log-row]').count()).toBeLessThan(150);
    await page.screenshot({ path: testInfo.outputPath('hostile-2mb-log.png') });
    // The end of the log (the traceback's last line repeats the message) is one key away.
    const started = Date.now();
    await log.click();
    await log.press('End');
    await expect(log).toContainText('U+202C end', { timeout: 2_000 });
    const endKey = Date.now() - started;
    const errorTab = await answersClick(
      page,
      detail.getByRole('tab', { name: 'Error' }),
      detail.getByTestId('job-error'),
      2_000,
    );
    // The Error tab shows a bounded piece of the 2 MB message and traceback, and says so.
    await expect(detail.getByTestId('job-error').getByRole('note')).toHaveCount(2);
    await expect(detail.getByTestId('job-error')).toContainText(
      /Showing the first 100,000 of 2,09\d,\d{3} characters/,
    );
    await expect(rowOf(list, bigId).locator('abbr[data-mark="U+202E"]')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('hostile-2mb-error.png') });
    const otherJob = await answersClick(
      page,
      rowOf(list, hostileId),
      detail.filter({ has: page.locator(`[title="${hostileId}"]`) }),
      2_000,
    );
    testInfo.annotations.push({
      type: '2 MB line',
      description: `End key ${endKey} ms, Error tab ${errorTab} ms, another job ${otherJob} ms`,
    });
    await expectInert(page, detail);
    // The job over the read limit: the detail says in words why it cannot show it, and offers to try again.
    await rowOf(list, tooLargeId).click();
    await expect(page.getByText(`Loupe could not read job ${tooLargeId}.`)).toBeVisible();
    await expect(page.getByText(/larger than the [\d.]+ MB Loupe reads for it/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('hostile-too-large.png') });
    await expectInert(page, list);
    expect(errors).toEqual([]);
  });
});
