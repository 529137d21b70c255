// The jobs screens in the browser shell against the Demo profile (a seeded serverless simulator): the list
// with live rows, the detail of a running job, cancel, submit and watch to the end, logs, the workflow, a
// failed job's error, retry with both attempts listed, and an editor export explained. Screenshots of the
// list and the detail are written next to the test's output for a person to look at.
import type { Locator } from '@playwright/test';
import { textToImageWorkflow } from '../src-main/simulator/jobs/sampleWorkflows';
import { jsonFile, openDemoJobs } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './webShell';

const API_WORKFLOW = textToImageWorkflow({
  prompt: 'a red kite over dunes',
  seed: 5,
  steps: 4,
  filenamePrefix: 'kite',
});

const UI_WORKFLOW = { last_node_id: 1, last_link_id: 0, nodes: [{ id: 1, type: 'KSampler' }], links: [] };

function statusOf(scope: Locator): Locator {
  return scope.getByTestId('job-status').first();
}

test.describe('jobs', () => {
  test('list, live detail, cancel, submit to the end, logs, workflow, error and retry', async ({
    page,
    webShell,
  }, testInfo) => {
    test.setTimeout(120_000);
    const errors = collectPageErrors(page);
    const list = await openDemoJobs(page, webShell.url);

    // The seeded history: finished jobs of every kind, one running with a moving bar, one queued.
    await expect.poll(() => list.getByRole('option').count()).toBeGreaterThanOrEqual(9);
    // The watcher polls queued work slowly, so the row turns running within a few seconds, not at once.
    // The long sunrise run (1,500 steps), not the short audio job queued behind it, which a serverless
    // worker may run at the same time and finish within a second.
    const running = list
      .locator('[role="option"][data-status="running"]')
      .filter({ hasText: 'project=sunrise' })
      .first();
    await expect(running.getByRole('progressbar')).toBeVisible({ timeout: 20_000 });
    await expect(list.locator('[role="option"][data-status="failed"]').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('jobs-list.png') });

    // The running job, live: nodes, the node class, sampler steps.
    const runningId = await running.getAttribute('data-job-id');
    await running.click();
    const detail = page.getByTestId('job-detail');
    await expect(detail).toHaveAttribute('data-job-id', runningId ?? '');
    await expect(detail.getByTestId('job-progress')).toContainText(/Step \d+\/1500/, { timeout: 30_000 });
    await expect(detail.getByTestId('live-mode')).toHaveAttribute('data-mode', /live|polling/);
    await page.screenshot({ path: testInfo.outputPath('jobs-detail-running.png') });

    // Cancel: canceling until the end lands, then canceled.
    await detail.getByRole('button', { name: 'Cancel' }).click();
    await expect(statusOf(detail)).toHaveAttribute('data-status', /canceling|canceled/);
    await expect(statusOf(detail)).toHaveAttribute('data-status', 'canceled', { timeout: 20_000 });
    await expect(detail.getByTestId('live-mode')).toHaveCount(0);

    // Submit a workflow file and watch it to the end.
    await page.getByTestId('workflow-file-input').first().setInputFiles(jsonFile('kite.json', API_WORKFLOW));
    await expect(detail).not.toHaveAttribute('data-job-id', runningId ?? '');
    const submittedId = await detail.getAttribute('data-job-id');
    expect(submittedId).toBeTruthy();
    await expect(list.locator(`[data-job-id="${submittedId}"]`)).toBeVisible();
    await expect(statusOf(detail)).toHaveAttribute('data-status', 'succeeded', { timeout: 45_000 });
    await expect(detail.getByRole('tabpanel')).toContainText(/image/i);
    await expect(list.locator(`[data-job-id="${submittedId}"]`)).toHaveAttribute('data-status', 'succeeded');

    // Its log (serverless keeps logs), read again once the job ended.
    await detail.getByRole('tab', { name: 'Logs' }).click();
    await expect(detail.getByTestId('job-log')).toBeVisible({ timeout: 10_000 });
    await page.screenshot({ path: testInfo.outputPath('jobs-detail-logs.png') });

    // Its workflow, as the API graph it is.
    await detail.getByRole('tab', { name: 'Workflow' }).click();
    await expect(detail.getByTestId('workflow-format')).toHaveAttribute('data-format', 'api');
    await expect(detail.getByRole('list', { name: 'Workflow nodes' })).toContainText('KSampler');

    // The failed jobs: one killed by the platform (no traceback, said in words), one that raised (traceback).
    // Retry the one that raised and see both attempts.
    let failedId: string | null = null;
    for (const row of await list.locator('[role="option"][data-status="failed"]').all()) {
      const id = await row.getAttribute('data-job-id');
      await row.click();
      await expect(detail).toHaveAttribute('data-job-id', id ?? '');
      await detail.getByRole('tab', { name: 'Error' }).click();
      const error = detail.getByTestId('job-error');
      await expect(error).toContainText('Code');
      if ((await error.textContent())?.includes('Traceback (most recent call last)')) {
        failedId = id;
        break;
      }
      await expect(error).toContainText('The service sent no traceback.');
    }
    expect(failedId).toBeTruthy();
    await page.screenshot({ path: testInfo.outputPath('jobs-detail-error.png') });
    await detail.getByRole('button', { name: 'Retry' }).click();
    await expect(detail).not.toHaveAttribute('data-job-id', failedId ?? '');
    await expect(detail).toContainText(`Retry of${failedId ?? ''}`);
    const attemptId = await detail.getAttribute('data-job-id');
    await expect(list.locator(`[data-job-id="${attemptId}"]`)).toContainText('retry');
    await expect(list.locator(`[data-job-id="${failedId}"]`)).toBeVisible();

    expect(errors).toEqual([]);
  });

  test('explains an editor export instead of just refusing it', async ({ page, webShell }) => {
    await openDemoJobs(page, webShell.url);
    await page.getByTestId('workflow-file-input').first().setInputFiles(jsonFile('editor.json', UI_WORKFLOW));
    const error = page.getByTestId('submit-error');
    await expect(error).toContainText('This is the editor’s saved workflow, not an API workflow');
    await expect(error).toContainText('Export (API)');
  });

  test('the saved-format job shows the editor’s graph for what it is, and keys move through the list', async ({
    page,
    webShell,
  }, testInfo) => {
    const list = await openDemoJobs(page, webShell.url);
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    const detail = page.getByTestId('job-detail');
    await expect(detail).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('no-job-open')).toBeVisible();

    // Find the job the "editor" saved: its workflow tab says so.
    const ids: string[] = [];
    for (const row of await list.getByRole('option').all()) {
      const id = await row.getAttribute('data-job-id');
      if (id) ids.push(id);
    }
    let found = false;
    for (const id of ids) {
      await list.locator(`[data-job-id="${id}"]`).click();
      await detail.getByRole('tab', { name: 'Workflow' }).click();
      const format = detail.getByTestId('workflow-format');
      await expect(format).toBeVisible();
      if ((await format.getAttribute('data-format')) === 'save') {
        await expect(format).toContainText('The editor’s saved graph');
        await page.screenshot({ path: testInfo.outputPath('jobs-detail-saved-workflow.png') });
        found = true;
        break;
      }
    }
    expect(found).toBe(true);
  });
});
