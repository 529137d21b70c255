// What is said next to a run's answer: the fields the provider ignored, who served it instead, that it was
// a replay (not charged again) and what it cost; its media in the gallery; and a failure in words, with
// Try again when sending again under the same key is safe.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouterRunDetail } from '../../../../src-shared/contracts/models';
import { listboxRow } from '../../../test/listboxRows';
import { summaryOf } from '../runCache';
import { argsOf, withModelsLayout } from '../testing/modelPage';
import { ok, renderModels } from '../testing/renderModels';
import { runDetail } from '../testing/sampleModels';

withModelsLayout();

async function openRunFromList(run: RouterRunDetail, more: Parameters<typeof renderModels>[0] = {}) {
  const host = renderModels({
    'models.runs': () => ok({ runs: [summaryOf(run)] }),
    'models.getRun': () => ok(run),
    ...more,
  });
  fireEvent.click(await screen.findByRole('tab', { name: /Runs/ }));
  await waitFor(() => expect(() => listboxRow('Runs', 'runId', run.runId)).not.toThrow());
  fireEvent.click(listboxRow('Runs', 'runId', run.runId));
  await screen.findByTestId('run-page');
  return host;
}

describe('a run’s answer', () => {
  it('says what the provider ignored, who served it, that it was replayed, and what it cost', async () => {
    await openRunFromList(
      runDetail({
        droppedParams: ['seed', 'negative_prompt'],
        fallbackProvider: 'harbor',
        replayed: true,
        creditsUsed: 6,
        media: [
          {
            index: 0,
            kind: 'image',
            contentType: 'image/png',
            name: 'out-0.png',
            sizeBytes: 2048,
            url: '/asset-bytes/cap/router/run-1/0',
          },
          {
            index: 1,
            kind: 'audio',
            contentType: 'audio/wav',
            name: 'voice.wav',
            sizeBytes: 4096,
            url: '/asset-bytes/cap/router/run-1/1',
          },
        ],
      }),
    );
    const notes = screen.getByTestId('run-disclosures');
    expect(within(notes).getByTestId('dropped-params').textContent).toBe(
      'The provider ignored: seed, negative_prompt',
    );
    expect(within(notes).getByTestId('fallback-provider').textContent).toBe('Served by harbor');
    expect(within(notes).getByTestId('replayed-badge').textContent).toBe('Replayed · not charged again');
    expect(within(notes).getByTestId('credits-used').textContent).toBe('6 credits used');
    // The output as a tree, and the media in the gallery, with a player for the sound.
    expect(screen.getByRole('tree', { name: 'Output' })).toBeTruthy();
    const media = screen.getByTestId('run-media');
    expect(
      within(media)
        .getAllByTestId('gallery-tile')
        .map((tile) => tile.dataset.kind),
    ).toEqual(['image', 'audio']);
    expect(media.querySelector('audio')?.getAttribute('src')).toBe('/asset-bytes/cap/router/run-1/1');
    expect(within(media).getByRole('button', { name: 'Download all 2' })).toBeTruthy();
  });

  it('says nothing it was not told: no replay, no fallback, nothing dropped', async () => {
    await openRunFromList(runDetail());
    const notes = screen.getByTestId('run-disclosures');
    expect(within(notes).queryByTestId('replayed-badge')).toBeNull();
    expect(within(notes).queryByTestId('fallback-provider')).toBeNull();
    expect(within(notes).queryByTestId('dropped-params')).toBeNull();
  });

  it('puts a failure in words, keeps status and bucket one click away, and tries again under the same key', async () => {
    const failed = runDetail({
      state: 'failed',
      output: null,
      creditsUsed: null,
      errorBucket: 'service_unavailable',
      error: {
        status: 503,
        bucket: 'service_unavailable',
        message: 'The Router is briefly unavailable. Trying again in a moment usually works.',
        detail: 'upstream pool drained',
        upstreamStatus: null,
        retryable: true,
        validation: [],
      },
    });
    const host = await openRunFromList(failed, {
      'models.retryRun': () => ok(runDetail({ replayed: true, updatedAt: '2025-01-01T10:01:00.000Z' })),
    });
    const error = screen.getByTestId('run-error');
    expect(error.textContent).toContain('The Router is briefly unavailable.');
    expect(error.textContent).toContain('you are not charged twice');
    expect(screen.queryByTestId('run-error-details')).toBeNull();
    fireEvent.click(within(error).getByRole('button', { name: 'Details' }));
    const details = screen.getByTestId('run-error-details').textContent;
    expect(details).toContain('503');
    expect(details).toContain('service_unavailable');
    expect(details).toContain('upstream pool drained');

    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(argsOf(host.calls, 'models.retryRun')).toEqual([{ profileId: 'demo', runId: 'run-1' }]),
    );
    expect(argsOf(host.calls, 'models.run')).toEqual([]);
    await screen.findByTestId('replayed-badge');
  });

  it('offers no Try again when sending again would not help', async () => {
    await openRunFromList(
      runDetail({
        state: 'failed',
        output: null,
        error: {
          status: 402,
          bucket: 'insufficient_credits',
          message: 'Your committed spend is used up. Top up credits, then run it again.',
          detail: null,
          upstreamStatus: null,
          retryable: false,
          validation: [],
        },
      }),
    );
    expect(screen.getByTestId('run-error').textContent).toContain('Top up credits');
    expect(screen.queryByTestId('retry-run')).toBeNull();
  });

  it('says a run the Router took and whose answer was lost is no failure, and asks again under the same key', async () => {
    const lost = runDetail({
      state: 'sent',
      output: null,
      attempts: 3,
      error: {
        status: 200,
        bucket: null,
        message:
          'The Router took the run; its answer was lost. Loupe asks again under the same key, which is not charged twice.',
        detail: 'The Router answered 200, but its answer was lost: The connection to the service failed.',
        upstreamStatus: null,
        retryable: true,
        validation: [],
        outcome: 'answer_lost',
      },
    });
    const host = await openRunFromList(lost, {
      'models.retryRun': () => ok(runDetail({ replayed: true, updatedAt: '2025-01-01T10:01:00.000Z' })),
    });
    const note = screen.getByTestId('run-answer-lost');
    expect(note.textContent).toContain('The Router took this run; its answer was lost on the way.');
    expect(note.textContent).toContain('Loupe asks again under the same key, which is not charged twice.');
    // Not a failure, and not a spinner that waits for ever.
    expect(screen.queryByTestId('run-error')).toBeNull();
    expect(screen.queryByTestId('run-progress')).toBeNull();
    fireEvent.click(within(note).getByRole('button', { name: 'Details' }));
    expect(screen.getByTestId('answer-lost-details').textContent).toContain('200');

    fireEvent.click(within(note).getByRole('button', { name: 'Ask again' }));
    await waitFor(() =>
      expect(argsOf(host.calls, 'models.retryRun')).toEqual([{ profileId: 'demo', runId: 'run-1' }]),
    );
    expect(argsOf(host.calls, 'models.run')).toEqual([]);
    await screen.findByTestId('replayed-badge');
  });
});
