// A job of more outputs than its snapshot carries (issue 19: a gallery of 10,000 tiles froze the window): the
// gallery draws the first page and says how many there are, loads the rest a page at a time when asked (or
// scrolled to), says so when a page cannot be read, and "download all" lists every one before downloading.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SNAPSHOT_OUTPUTS, type JobOutput } from '../../../../../src-shared/contract';
import { setAssetDownloader, type AssetFile } from '../../../../components/gallery/assetDownloads';
import { renderWithLoupe } from '../../../../test/renderWithLoupe';
import { resetUiState } from '../../../../test/resetUiState';
import { finishedJob, galleryHost, output } from './outputFixtures';
import { OutputsTab } from './OutputsTab';
import { OUTPUT_PAGE } from './useJobOutputs';

beforeEach(() => resetUiState('jobs'));

const total = SNAPSHOT_OUTPUTS + OUTPUT_PAGE + 50;
const all: JobOutput[] = Array.from({ length: total }, (_, i) =>
  output({ assetId: `lat-${i}`, name: `line_${i}.latent`, type: 'latent' }),
);
const job = finishedJob(all.slice(0, SNAPSHOT_OUTPUTS), { outputsCount: total });

const tiles = (): HTMLElement[] => screen.queryAllByTestId('gallery-tile');

describe('a gallery of more outputs than the snapshot carries', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  // Drawing 350 tiles in the test DOM takes seconds on a busy machine.
  it('draws the first page, then the rest a page at a time as asked', { timeout: 20_000 }, async () => {
    const host = galleryHost([job], {}, { allOutputs: { j1: all } });
    renderWithLoupe(<OutputsTab job={job} />, host.loupe);
    await waitFor(() => expect(tiles()).toHaveLength(SNAPSHOT_OUTPUTS));
    expect(screen.getByTestId('outputs-gallery').textContent).toContain(`${total} outputs · 100 shown`);
    // Nothing past the first page is asked for until someone wants it.
    expect(host.callsOf('jobs.outputs')).toHaveLength(0);

    // (Queries by text: by role, each one walks every tile's buttons.)
    fireEvent.click(screen.getByText(/Show more \(250 not shown yet\)/));
    await waitFor(() => expect(tiles()).toHaveLength(SNAPSHOT_OUTPUTS + OUTPUT_PAGE));
    expect(host.callsOf('jobs.outputs')[0]?.args).toEqual({
      profileId: 'local',
      jobId: 'j1',
      offset: SNAPSHOT_OUTPUTS,
      limit: OUTPUT_PAGE,
    });

    fireEvent.click(screen.getByText(/Show more \(50 not shown yet\)/));
    await waitFor(() => expect(tiles()).toHaveLength(total));
    expect(screen.queryByText(/Show more/)).toBeNull();
    expect(tiles().at(-1)?.textContent).toContain(`line_${total - 1}.latent`);
  });

  it('says when a page cannot be read, and tries again when asked', async () => {
    let refuse = true;
    const host = galleryHost([job], {
      'jobs.outputs': (raw) => {
        if (refuse)
          return { ok: false, error: { code: 'network_error', message: 'The service did not answer.' } };
        const { offset, limit } = raw as { offset: number; limit: number };
        return { ok: true, value: { outputs: all.slice(offset, offset + limit), total } };
      },
    });
    renderWithLoupe(<OutputsTab job={job} />, host.loupe);
    fireEvent.click(await screen.findByText(/Show more/));
    expect(await screen.findByText(/Loupe could not load more outputs/)).toBeTruthy();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tiles()).toHaveLength(SNAPSHOT_OUTPUTS + OUTPUT_PAGE));
  });

  it('downloads every output with "download all", not only those drawn', async () => {
    const saved: AssetFile[][] = [];
    restore = setAssetDownloader({
      save: (files, onSaved) => {
        saved.push([...files]);
        onSaved?.(files.length);
        return Promise.resolve();
      },
    });
    const host = galleryHost([job], {}, { allOutputs: { j1: all } });
    renderWithLoupe(<OutputsTab job={job} />, host.loupe);
    fireEvent.click(await screen.findByRole('button', { name: `Download all ${total}` }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toHaveLength(total);
    expect(saved[0]?.at(-1)?.fileName).toBe(`line_${total - 1}.latent`);
  });
});
