// The job list's pictures: each row shows its job's first image output's library thumbnail (a small WebP,
// never the original, which can be a 4K PNG decoded whole for a 40 px square), the picture itself from the
// asset route when the thumbnail will not load, a quiet tile when there is none or neither loads, and the same
// URL on every render and mount so a picture is asked for once, not per scroll.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobOutput } from '../../../../src-shared/contract';
import { summaryOf } from '../../../queries/jobCache';
import { fakeJobsHost, jobSnapshot, tick } from '../../../test/fakeJobsHost';
import { fakeLayout } from '../../../test/fakeLayout';
import { listedIds, listedRow, renderJobsView } from '../../../test/renderJobsView';
import { resetUiState } from '../../../test/resetUiState';

beforeAll(() => fakeLayout.install({ width: 1000, height: 700 }));
afterAll(() => fakeLayout.restore());
beforeEach(() => resetUiState('jobs'));

function output(assetId: string, type: JobOutput['type'], contentType: string): JobOutput {
  return { assetId, nodeId: '9', name: `${assetId}.bin`, type, contentType, sizeBytes: 10, hash: null };
}

/** Newest first: a job with a latent before its two pictures, one that wrote text, one still queued. */
const JOBS = [
  jobSnapshot({
    id: 'pictures',
    status: 'succeeded',
    createdAt: '2025-01-01T11:03:00.000Z',
    outputs: [
      output('lat', 'latent', 'application/octet-stream'),
      output('img-a', 'image', 'image/png'),
      output('img-b', 'image', 'image/png'),
    ],
  }),
  jobSnapshot({
    id: 'words',
    status: 'succeeded',
    createdAt: '2025-01-01T11:02:00.000Z',
    outputs: [output('txt', 'text', 'text/plain')],
  }),
  jobSnapshot({ id: 'waiting', status: 'queued', createdAt: '2025-01-01T11:01:00.000Z' }),
];

const tile = (jobId: string) => within(listedRow(jobId)).getByTestId('row-thumbnail');
const picture = (jobId: string) => tile(jobId).querySelector('img');

async function renderList(jobs = JOBS) {
  const host = fakeJobsHost({ jobs });
  const view = renderJobsView(host);
  await waitFor(() => expect(listedIds()[0]).toBe(jobs[0]?.id));
  // The asset route's base arrives with its own query: until then no row has a URL to load.
  const list = screen.getByRole('listbox', { name: 'Jobs' });
  await waitFor(() => expect(list.querySelector('[data-testid="row-thumbnail"] img')).not.toBeNull());
  return { host, view };
}

describe('pictures in the job list', () => {
  it('shows a row’s first image output’s thumbnail, and a plain tile for a row without one', async () => {
    await renderList();
    const img = picture('pictures')!;
    // The first image, not the latent before it nor the second picture; the active profile's route.
    expect(img.getAttribute('src')).toBe('/asset-bytes/cap/local/thumbs/img-a');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('width')).toBe('40');
    expect(img.getAttribute('height')).toBe('40');
    // Decorative: the row's text names the job, so the picture adds nothing to its accessible name.
    expect(img.getAttribute('alt')).toBe('');
    expect(tile('pictures').dataset.state).toBe('loading');
    fireEvent.load(img);
    expect(tile('pictures').dataset.state).toBe('loaded');

    for (const jobId of ['words', 'waiting']) {
      expect(tile(jobId).dataset.state).toBe('none');
      expect(picture(jobId)).toBeNull();
    }
  });

  it('shows the picture itself when its thumbnail will not load', async () => {
    await renderList();
    fireEvent.error(picture('pictures')!);
    expect(tile('pictures').dataset.state).toBe('loading');
    const original = picture('pictures')!;
    expect(original.getAttribute('src')).toBe('/asset-bytes/cap/local/img-a');
    fireEvent.load(original);
    expect(tile('pictures').dataset.state).toBe('loaded');
    // And stays with it: the thumbnail is not asked for again.
    expect(picture('pictures')?.getAttribute('src')).toBe('/asset-bytes/cap/local/img-a');
  });

  it('asks for the thumbnail again once main says the library has read the job, not before', async () => {
    const { host } = await renderList();
    // Drawn before the library read the job: the thumbnail route answered 404, the original stands in.
    fireEvent.error(picture('pictures')!);
    expect(picture('pictures')?.getAttribute('src')).toBe('/asset-bytes/cap/local/img-a');
    const first = summaryOf({ ...JOBS[0]!, observedAt: tick() });
    act(() => {
      host.emitUpdates([{ ...first, inLibrary: false }]);
    });
    expect(picture('pictures')?.getAttribute('src')).toBe('/asset-bytes/cap/local/img-a');
    // The library has read it (its row, named, comes again): the small picture is asked for again.
    act(() => {
      host.emitUpdates([{ ...first, title: 'a lighthouse', inLibrary: true, observedAt: tick() }]);
    });
    await waitFor(() =>
      expect(picture('pictures')?.getAttribute('src')).toBe('/asset-bytes/cap/local/thumbs/img-a'),
    );
    fireEvent.load(picture('pictures')!);
    expect(tile('pictures').dataset.state).toBe('loaded');
  });

  it('draws a job that made only sound with its waveform once the library holds it, never the sound as a picture', async () => {
    const sound = jobSnapshot({
      id: 'tone',
      status: 'succeeded',
      createdAt: '2025-01-01T11:04:00.000Z',
      outputs: [output('wav', 'audio', 'audio/wav')],
    });
    const { host } = await renderList([sound, ...JOBS]);
    // Not in the library yet: the waveform route has nothing, and a sound is no picture to fall back on.
    expect(tile('tone').dataset.state).toBe('none');
    expect(picture('tone')).toBeNull();
    // Main's row from its record, older than the list row held: its word that the library holds the job stands.
    const older = summaryOf({ ...sound, observedAt: '2000-01-01T00:00:00.000Z' });
    act(() => {
      host.emitUpdates([{ ...older, title: 'tone', inLibrary: true }]);
    });
    await waitFor(() =>
      expect(picture('tone')?.getAttribute('src')).toBe('/asset-bytes/cap/local/thumbs/wav'),
    );
    // A live update of the job (no word of the library) keeps it.
    act(() => {
      host.emitUpdates([summaryOf({ ...sound, labels: { heard: 'yes' }, observedAt: tick() })]);
    });
    await waitFor(() => expect(within(listedRow('tone')).getByText('yes', { exact: false })).toBeTruthy());
    expect(picture('tone')?.getAttribute('src')).toBe('/asset-bytes/cap/local/thumbs/wav');
    // A waveform that will not load leaves the quiet tile: the sound itself is never loaded as a picture.
    fireEvent.error(picture('tone')!);
    expect(picture('tone')).toBeNull();
    expect(tile('tone').dataset.state).toBe('failed');
  });

  it('shows a video-only job’s poster, and asks main for the video’s library entry to draw one when there is none', async () => {
    const video = jobSnapshot({
      id: 'clip',
      status: 'succeeded',
      createdAt: '2025-01-01T11:04:00.000Z',
      outputs: [output('vid', 'video', 'video/webm')],
    });
    const host = fakeJobsHost({
      jobs: [video, ...JOBS],
      // The library has no entry for it (yet): nothing to draw for.
      overrides: { 'library.entryOfAsset': () => ({ ok: true, value: { entry: null } }) },
    });
    renderJobsView(host);
    await waitFor(() => expect(listedIds()[0]).toBe('clip'));
    // Not in the library yet: the video is no picture to fall back on, and its poster is not asked for.
    expect(tile('clip').dataset.state).toBe('none');
    act(() => {
      host.emitUpdates([{ ...summaryOf({ ...video, observedAt: tick() }), title: 'clip', inLibrary: true }]);
    });
    await waitFor(() =>
      expect(picture('clip')?.getAttribute('src')).toBe('/asset-bytes/cap/local/thumbs/vid'),
    );
    // Main has no poster yet: the row asks for the video's library entry, to draw it for.
    fireEvent.error(picture('clip')!);
    await waitFor(() => expect(tile('clip').dataset.state).toBe('failed'));
    expect(host.callsOf('library.entryOfAsset').map((call) => call.args)).toEqual([
      { profileId: 'local', assetId: 'vid' },
    ]);
    expect(picture('clip')).toBeNull();
  });

  it('leaves the plain tile where neither the thumbnail nor the picture loads, never a broken image, and keeps the row’s height', async () => {
    await renderList();
    fireEvent.error(picture('pictures')!);
    fireEvent.error(picture('pictures')!);
    expect(tile('pictures').dataset.state).toBe('failed');
    expect(picture('pictures')).toBeNull();
    expect(tile('pictures').getAttribute('title')).toBe('The picture could not be loaded');
    expect(tile('pictures').style.width).toBe('40px');
    expect(listedRow('pictures').style.height).toBe('50px');
  });

  it('asks for a picture once: a row update keeps the same image, a re-mount the same URL', async () => {
    const many = Array.from({ length: 60 }, (_, index) =>
      jobSnapshot({
        id: `job-${String(index).padStart(2, '0')}`,
        status: 'succeeded',
        createdAt: new Date(Date.parse('2025-01-01T11:00:00Z') - index * 60_000).toISOString(),
        outputs: [output(`img-${index}`, 'image', 'image/png')],
      }),
    );
    const { host } = await renderList(many);
    const img = picture('job-00')!;
    fireEvent.load(img);

    // The watcher's row update (new labels, a later observation) redraws the row, not its picture.
    const first = many[0]!;
    act(() => {
      host.emitUpdates([summaryOf({ ...first, labels: { look: 'again' }, observedAt: tick() })]);
    });
    await waitFor(() =>
      expect(within(listedRow('job-00')).getByText('again', { exact: false })).toBeTruthy(),
    );
    expect(picture('job-00')).toBe(img);
    expect(tile('job-00').dataset.state).toBe('loaded');

    // Scrolled out of the window and back: a new element, the same URL (the browser's and main's caches).
    const list = screen.getByRole('listbox', { name: 'Jobs' });
    act(() => {
      list.scrollTop = 50 * 50;
      fireEvent.scroll(list);
    });
    await waitFor(() => expect(listedIds()).not.toContain('job-00'));
    act(() => {
      list.scrollTop = 0;
      fireEvent.scroll(list);
    });
    await waitFor(() => expect(listedIds()).toContain('job-00'));
    expect(picture('job-00')).not.toBe(img);
    expect(picture('job-00')?.getAttribute('src')).toBe('/asset-bytes/cap/local/thumbs/img-0');
  });

  it('gives a watched job its picture in the list when its first image lands', async () => {
    const running = jobSnapshot({ id: 'painting', status: 'running', createdAt: '2025-01-01T11:05:00.000Z' });
    const { host } = await renderList([running, JOBS[0]!]);
    expect(tile('painting').dataset.state).toBe('none');
    // Opening the job watches it; its snapshot (not a list row) is what brings the output.
    fireEvent.click(listedRow('painting'));
    await waitFor(() => expect(host.watchers('painting')).not.toHaveLength(0));
    act(() => {
      host.emitWatch('painting', {
        type: 'snapshot',
        source: 'poll',
        job: {
          ...running,
          status: 'succeeded',
          rawStatus: 'succeeded',
          outputs: [output('painted', 'image', 'image/webp')],
          observedAt: tick(),
        },
      });
    });
    await waitFor(() =>
      expect(picture('painting')?.getAttribute('src')).toBe('/asset-bytes/cap/local/thumbs/painted'),
    );
  });
});
