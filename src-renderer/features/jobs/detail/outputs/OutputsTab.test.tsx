import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobSnapshot } from '../../../../../src-shared/contract';
import { useJobLive } from '../../../../hooks/useJobLive';
import { jobSnapshot, tick } from '../../../../test/fakeJobsHost';
import { renderWithLoupe } from '../../../../test/renderWithLoupe';
import { resetUiState } from '../../../../test/resetUiState';
import { BASE, EVERY_KIND, HASH, fakeAssetFetch, finishedJob, galleryHost, output } from './outputFixtures';
import { OutputsTab } from './OutputsTab';
import { usePendingHashes } from './usePendingHashes';

beforeEach(() => resetUiState('jobs'));
afterEach(() => vi.unstubAllGlobals());

function tiles(): HTMLElement[] {
  return screen.queryAllByTestId('gallery-tile');
}

function tileOf(kind: string): HTMLElement {
  const tile = tiles().find((element) => element.dataset.kind === kind);
  if (!tile) throw new Error(`no ${kind} tile`);
  return tile;
}

function renderTab(job: JobSnapshot, host = galleryHost([job])) {
  return { host, ...renderWithLoupe(<OutputsTab job={job} />, host.loupe) };
}

/** The tab as the job detail draws it: from the job's live cache entry. */
function LiveOutputs({ jobId }: { jobId: string }) {
  const { job } = useJobLive(jobId);
  return job ? <OutputsTab job={job} /> : null;
}

describe('the outputs gallery', () => {
  it('draws a tile per kind: thumbnails, players, a text preview, and facts for files and latents', async () => {
    const { seen } = fakeAssetFetch({
      [`${BASE}local/txt-1`]: {
        status: 206,
        body: 'a kite over dunes\u202Egnp.exe \u001b[31mred',
        headers: { 'content-range': 'bytes 0-40/41' },
      },
    });
    renderTab(finishedJob(EVERY_KIND));
    await waitFor(() => expect(tiles()).toHaveLength(6));
    expect(tiles().map((tile) => tile.dataset.kind)).toEqual([
      'image',
      'video',
      'audio',
      'text',
      'file',
      'latent',
    ]);

    // Images: lazy thumbnails from the asset route (never a service URL), the library's small one, not the
    // original; the picture itself when the thumbnail will not load.
    const image = within(tileOf('image')).getByRole('img', { name: 'kite_0001.png' });
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('src')).toBe(`${BASE}local/thumbs/img-1`);
    fireEvent.error(image);
    expect(within(tileOf('image')).getByRole('img', { name: 'kite_0001.png' }).getAttribute('src')).toBe(
      `${BASE}local/img-1`,
    );

    // Video and audio: native players (they seek: the route passes Range through).
    const video = tileOf('video').querySelector('video');
    expect(video?.getAttribute('src')).toBe(`${BASE}local/vid-1`);
    expect(video?.hasAttribute('controls')).toBe(true);
    const audio = tileOf('audio').querySelector('audio');
    expect(audio?.getAttribute('src')).toBe(`${BASE}local/aud-1`);
    expect(audio?.hasAttribute('controls')).toBe(true);
    // Above the player, the sound's own waveform (its library thumbnail); the quiet glyph if it will not load.
    const wave = within(tileOf('audio')).getByTestId('waveform');
    expect(wave.getAttribute('src')).toBe(`${BASE}local/thumbs/aud-1`);
    fireEvent.error(wave);
    expect(within(tileOf('audio')).queryByTestId('waveform')).toBeNull();
    expect(tileOf('audio').querySelector('audio')?.getAttribute('src')).toBe(`${BASE}local/aud-1`);

    // Text: the head of the file as text, asked for by Range, with bidi and control characters visible.
    const text = await within(tileOf('text')).findByTestId('text-preview');
    expect(text.textContent).toContain('a kite over dunes');
    expect([...text.querySelectorAll('abbr')].map((mark) => mark.dataset.mark)).toEqual(['U+202E', 'ESC']);
    expect(seen.find((request) => request.url === `${BASE}local/txt-1`)?.range).toBe('bytes=0-65535');

    // Files and latents: name, type, size and a short hash.
    const file = tileOf('file');
    expect(file.textContent).toContain('weights.safetensors');
    expect(file.textContent).toContain('File · 5.24 MB');
    expect(file.textContent).toContain('blake3:01234567…cdef');
    expect(file.textContent).toContain('SAFETENSORS');
    const latent = tileOf('latent');
    expect(latent.textContent).toContain('demo.latent');
    expect(latent.textContent).toContain('Latent · 2.05 kB');
    expect(latent.textContent).toContain('hash not known yet');

    expect(screen.getByTestId('outputs-gallery').textContent).toContain('6 outputs');
  });

  it('says what goes here while the job runs, and that a finished job made nothing', () => {
    const running = jobSnapshot({ id: 'j1', status: 'running' });
    const { unmount } = renderTab(running);
    expect(screen.getByText('Outputs appear here as the job writes them.')).toBeTruthy();
    unmount();
    renderTab(finishedJob([]));
    expect(screen.getByText('This job produced no outputs.')).toBeTruthy();
  });

  it('says so when it cannot learn where asset bytes are served, and tries again', async () => {
    let fail = true;
    const job = finishedJob(EVERY_KIND.slice(0, 1));
    const host = galleryHost([job], {
      'assets.base': () =>
        fail
          ? { ok: false, error: { code: 'transport_lost', message: 'The host went away.' } }
          : { ok: true, value: { base: BASE } },
    });
    renderTab(job, host);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The host went away.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tiles()).toHaveLength(1));
  });

  it('shows a broken image as words with Retry, and retries with a fresh request', async () => {
    fakeAssetFetch({ [`${BASE}local/img-1`]: { status: 404, body: 'The service has no such asset.' } });
    renderTab(finishedJob(EVERY_KIND.slice(0, 1)));
    // Neither the thumbnail nor the picture itself loads.
    fireEvent.error(await screen.findByRole('img', { name: 'kite_0001.png' }));
    const image = await screen.findByRole('img', { name: 'kite_0001.png' });
    expect(image.getAttribute('src')).toBe(`${BASE}local/img-1`);
    fireEvent.error(image);

    const broken = await screen.findByTestId('asset-broken');
    expect(broken.textContent).toContain('The bytes could not be fetched.');
    expect(screen.queryByRole('img')).toBeNull();
    // The route is asked why: its status becomes words.
    await waitFor(() => expect(broken.textContent).toContain('deleted, expired'));

    fireEvent.click(within(broken).getByRole('button', { name: 'Retry' }));
    const again = await screen.findByRole('img', { name: 'kite_0001.png' });
    expect(again.getAttribute('src')).toBe(`${BASE}local/img-1?attempt=1`);
    fireEvent.load(again);
    expect(again.closest('[data-load-state]')?.getAttribute('data-load-state')).toBe('loaded');
    expect(screen.queryByTestId('asset-broken')).toBeNull();
  });

  it('shows a text preview that could not be read, with Retry', async () => {
    let status = 502;
    fakeAssetFetch({ [`${BASE}local/txt-1`]: () => ({ status, body: status === 206 ? 'hello' : 'no' }) });
    renderTab(finishedJob([EVERY_KIND[3]!]));
    const broken = await screen.findByTestId('asset-broken');
    expect(broken.textContent).toContain('could not be fetched from the service');
    status = 206;
    fireEvent.click(within(broken).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('text-preview')).textContent).toBe('hello');
  });

  it('adds outputs that land during the run as new tiles, animated in, the others left alone', async () => {
    const first = output({ assetId: 'img-1', name: 'a.png', type: 'image', contentType: 'image/png' });
    const running = jobSnapshot({ id: 'j1', status: 'running', outputs: [first] });
    const host = galleryHost([running]);
    renderWithLoupe(<LiveOutputs jobId="j1" />, host.loupe);
    await waitFor(() => expect(tiles()).toHaveLength(1));
    await waitFor(() => expect(host.watchers('j1')).toHaveLength(1));
    expect(tiles()[0]?.className).not.toContain('loupe-tile-in');
    expect(screen.getByText(/more may land/)).toBeTruthy();

    const second = output({ assetId: 'img-2', name: 'b.png', type: 'image', contentType: 'image/png' });
    act(() => {
      host.emitWatch('j1', {
        type: 'snapshot',
        source: 'sse',
        job: { ...running, outputs: [first, second], outputsCount: 2, observedAt: tick() },
      });
    });
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(tiles()[0]?.className).not.toContain('loupe-tile-in');
    expect(tiles()[1]?.className).toContain('loupe-tile-in');
    expect(within(tiles()[1]!).getByRole('img').getAttribute('src')).toBe(`${BASE}local/thumbs/img-2`);
    expect(screen.getByTestId('outputs-gallery').textContent).toContain('2 outputs');
  });

  it('reads a finished job again while an output hash is still being computed, then stops', async () => {
    const job = finishedJob([output({ assetId: 'bin-1', hash: null })]);
    const host = galleryHost([job]);
    function Hashes() {
      const live = useJobLive('j1');
      return live.job ? <PendingHashes job={live.job} /> : null;
    }
    function PendingHashes({ job: current }: { job: JobSnapshot }) {
      usePendingHashes(current, [5, 5, 5]);
      return <p data-testid="hash">{current.outputs[0]?.hash ?? 'pending'}</p>;
    }
    renderWithLoupe(<Hashes />, host.loupe);
    expect((await screen.findByTestId('hash')).textContent).toBe('pending');
    const reads = host.callsOf('jobs.get').length;
    host.setJob({ ...job, outputs: [output({ assetId: 'bin-1', hash: HASH })], observedAt: tick() });
    await waitFor(() => expect(screen.getByTestId('hash').textContent).toBe(HASH));
    const after = host.callsOf('jobs.get').length;
    expect(after).toBeGreaterThan(reads);
    // Every hash known: no more reads.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(host.callsOf('jobs.get').length).toBe(after);
  });
});
