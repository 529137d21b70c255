// The compare view over the fake host: the pictures side by side from the asset route, what differs beside
// them as jobs.compare answered it, s to swap, + − 0 zoom locked across panes, ← → through the pairs given.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { JobCompareResult } from '../../../src-shared/contract';
import { fakeHost } from '../../test/fakeHost';
import { renderWithLoupe } from '../../test/renderWithLoupe';
import { CompareView } from './CompareView';
import { useLoopUi, type ComparePick } from './loopUiStore';

const answer: JobCompareResult = {
  difference: {
    inputs: [
      {
        target: '3.seed',
        classType: 'KSampler',
        values: [
          { kind: 'value', text: '41' },
          { kind: 'value', text: '42' },
        ],
        line: '3.seed 41 → 42',
      },
      {
        target: '6.text',
        classType: 'CLIPTextEncode',
        values: [
          { kind: 'value', text: '"…dusk"' },
          { kind: 'value', text: '"…dawn"' },
        ],
        line: '6.text "…dusk" → "…dawn"',
      },
    ],
    nodes: [],
    truncated: 0,
  },
  jobs: ['job-a', 'job-b'].map((jobId, index) => ({
    profileId: 'local',
    jobId,
    format: 'api' as const,
    problem: null,
    status: 'succeeded' as const,
    batch: { batchId: 'b', name: 'Sweep', values: [{ target: '3.seed', value: 41 + index }] },
    createdAt: null,
    startedAt: null,
    completedAt: null,
    queueMs: 100,
    executionMs: 2_000 + index * 1_000,
  })),
};

const pick = (jobId: string, assetId: string): ComparePick => ({
  profileId: 'local',
  jobId,
  assetId,
  label: jobId,
});

function open(picks: ComparePick[], steps?: ComparePick[][]) {
  const host = fakeHost({
    'jobs.compare': () => ({ ok: true, value: answer }),
    'assets.base': () => ({ ok: true, value: { base: '/asset-bytes/cap/' } }),
  });
  act(() => useLoopUi.getState().openCompare(picks, steps));
  renderWithLoupe(<CompareView scopeProfileId="local" />, host.loupe);
  return host;
}

function pictures(): string[] {
  return within(screen.getByTestId('compare-panes'))
    .getAllByRole('img')
    .map((image) => image.getAttribute('src') ?? '');
}

beforeEach(() => act(() => useLoopUi.setState({ compare: null })));

describe('the compare view', () => {
  it('shows the pictures side by side and exactly the inputs that differ, with batch values and times', async () => {
    const host = open([pick('job-a', 'asset-1'), pick('job-b', 'asset-2')]);
    const differences = await screen.findByTestId('differences');
    expect(
      within(differences)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['3.seed 41 → 42', '6.text "…dusk" → "…dawn"']);
    expect(host.calls.find((c) => c.name === 'jobs.compare')?.args).toEqual({
      profileId: 'local',
      jobs: [
        { profileId: 'local', jobId: 'job-a' },
        { profileId: 'local', jobId: 'job-b' },
      ],
    });
    expect(pictures()).toEqual(['/asset-bytes/cap/local/asset-1', '/asset-bytes/cap/local/asset-2']);
    expect(screen.getAllByTestId('compared-job').map((row) => row.textContent)).toEqual([
      expect.stringContaining('3.seed 41'),
      expect.stringContaining('3.seed 42'),
    ]);
  });

  it('swaps with s, zooms every pane together, and steps through the pairs with ← →', async () => {
    const pairs = [
      [pick('job-a', 'asset-1'), pick('job-b', 'asset-2')],
      [pick('job-b', 'asset-2'), pick('job-c', 'asset-3')],
    ];
    open(pairs[0]!, pairs);
    await screen.findAllByRole('img');
    fireEvent.keyDown(window, { key: 's' });
    expect(pictures()).toEqual(['/asset-bytes/cap/local/asset-2', '/asset-bytes/cap/local/asset-1']);
    fireEvent.keyDown(window, { key: '+' });
    const transforms = within(screen.getByTestId('compare-panes'))
      .getAllByRole('img')
      .map((image) => image.style.transform);
    expect(transforms).toEqual(['translate(0px, 0px) scale(1.25)', 'translate(0px, 0px) scale(1.25)']);
    expect(screen.getByText('125%')).toBeTruthy();
    fireEvent.keyDown(window, { key: '0' });
    expect(screen.getByText('100%')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(pictures()).toEqual(['/asset-bytes/cap/local/asset-2', '/asset-bytes/cap/local/asset-3']);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Compare' })).toBeNull();
  });

  it('offers the A/B slider and the difference only for two pictures', async () => {
    open([pick('a', '1'), pick('b', '2'), pick('c', '3')]);
    await screen.findAllByRole('img');
    expect(screen.getByRole('button', { name: 'A/B slider' }).hasAttribute('disabled')).toBe(true);
    expect(pictures()).toHaveLength(3);
  });
});

describe('a pane while its picture loads', () => {
  it('says it is loading, then shows the picture, or says it did not load instead of a broken icon', async () => {
    open([pick('job-a', 'asset-1'), pick('job-b', 'asset-2')]);
    const [a, b] = await screen.findAllByRole('img');
    expect(screen.getByText('Loading picture A…')).toBeTruthy();
    expect(screen.getByText('Loading picture B…')).toBeTruthy();
    expect(a?.className).toContain('invisible');
    fireEvent.load(a as HTMLElement);
    fireEvent.error(b as HTMLElement);
    expect(screen.queryByText('Loading picture A…')).toBeNull();
    expect(a?.className).not.toContain('invisible');
    expect(screen.getByRole('alert').textContent).toBe(
      'Picture B did not load: the service may no longer have it, and it was not kept.',
    );
  });
});

describe('a pane while its original is on its way', () => {
  it('shows the thumbnail at once, says the original is coming, and lets the original take over', async () => {
    open([pick('job-a', 'asset-1'), pick('job-b', 'asset-2')]);
    const [a] = await screen.findAllByRole('img');
    const previews = screen.getAllByTestId('compare-preview');
    expect(previews.map((image) => image.getAttribute('src'))).toEqual([
      '/asset-bytes/cap/local/thumbs/asset-1',
      '/asset-bytes/cap/local/thumbs/asset-2',
    ]);
    fireEvent.load(previews[0]!);
    // The thumbnail is shown, the words keep to a corner; the other pane still waits for either.
    expect(previews[0]?.className).not.toContain('invisible');
    expect(screen.getByText('Loading the original of A…')).toBeTruthy();
    expect(screen.getByText('Loading picture B…')).toBeTruthy();
    fireEvent.load(a as HTMLElement);
    expect(screen.getAllByTestId('compare-preview')).toHaveLength(1);
    expect(screen.queryByText('Loading the original of A…')).toBeNull();
    // A thumbnail that cannot be had leaves the pane as it was without one.
    fireEvent.error(screen.getByTestId('compare-preview'));
    expect(screen.getByText('Loading picture B…')).toBeTruthy();
  });
});

describe('focus while Compare is open', () => {
  it('moves into the dialog as it opens and goes back to the opener as it closes', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    open([pick('job-a', 'asset-1'), pick('job-b', 'asset-2')]);
    const dialog = await screen.findByRole('dialog', { name: 'Compare' });
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('keeps its keys from the screen behind (a batch would close on the same Esc)', async () => {
    const behind: string[] = [];
    const listen = (event: KeyboardEvent) => behind.push(event.key);
    document.addEventListener('keydown', listen);
    open([pick('job-a', 'asset-1'), pick('job-b', 'asset-2')]);
    const dialog = await screen.findByRole('dialog', { name: 'Compare' });
    fireEvent.keyDown(dialog, { key: '4' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Compare' })).toBeNull();
    expect(behind).toEqual([]);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(behind).toEqual(['Escape']);
    document.removeEventListener('keydown', listen);
  });
});

describe('the A/B slider', () => {
  it('stacks A over B on one stage, cut where the range says, with a line at the cut', async () => {
    open([pick('job-a', 'asset-1'), pick('job-b', 'asset-2')]);
    await screen.findAllByRole('img');
    fireEvent.click(screen.getByRole('button', { name: 'A/B slider' }));
    fireEvent.change(screen.getByLabelText('Where A ends and B begins'), { target: { value: '30' } });
    const stage = screen.getByTestId('compare-panes');
    const figures = Array.from(stage.querySelectorAll('figure'));
    // Both fill the stage (neither takes a share of a row), so A and B sit at one place and size.
    expect(figures.map((figure) => figure.className.includes('absolute inset-0'))).toEqual([true, true]);
    const clip = stage.querySelector<HTMLElement>('[style*="clip-path"]');
    expect(clip?.style.clipPath).toBe('inset(0 70% 0 0)');
    expect(stage.querySelector<HTMLElement>('[aria-hidden="true"]')?.style.left).toBe('30%');
  });

  it('shows each picture’s stars from the library and rates it there; an output with no entry says so', async () => {
    let rating = 2;
    const host = fakeHost({
      'jobs.compare': () => ({ ok: true, value: answer }),
      'library.entryOfAsset': (args) => ({
        ok: true,
        value: {
          entry: (args as { assetId: string }).assetId === 'asset-a' ? { entryId: 7, rating } : null,
        },
      }),
      'library.rate': (args) => {
        rating = (args as { rating: number }).rating;
        return { ok: true, value: { updated: 1 } };
      },
    });
    act(() => useLoopUi.getState().openCompare([pick('job-a', 'asset-a'), pick('job-b', 'asset-b')]));
    renderWithLoupe(<CompareView scopeProfileId="local" />, host.loupe);
    const ratings = await screen.findByRole('region', { name: 'Ratings' });
    const stars = await within(ratings).findByRole('group', { name: 'A · job-a: 2 of 5 stars' });
    expect(await within(ratings).findByText('Not in the library yet')).toBeTruthy();
    fireEvent.click(within(stars).getByRole('button', { name: 'Rate 5 stars' }));
    expect(host.calls.find((call) => call.name === 'library.rate')?.args).toEqual({
      entryIds: [7],
      rating: 5,
    });
    expect(await within(ratings).findByRole('group', { name: 'A · job-a: 5 of 5 stars' })).toBeTruthy();
  });

  it('says in words when a rating is refused, keeps the stars main holds, and clears it on the next try', async () => {
    let refuse = true;
    const host = fakeHost({
      'jobs.compare': () => ({ ok: true, value: answer }),
      'library.entryOfAsset': () => ({ ok: true, value: { entry: { entryId: 7, rating: 2 } } }),
      'library.rate': () =>
        refuse
          ? { ok: false, error: { code: 'store_error', message: 'The data file is read-only.' } }
          : { ok: true, value: { updated: 1 } },
    });
    act(() => useLoopUi.getState().openCompare([pick('job-a', 'asset-a'), pick('job-b', 'asset-b')]));
    renderWithLoupe(<CompareView scopeProfileId="local" />, host.loupe);
    const ratings = await screen.findByRole('region', { name: 'Ratings' });
    const stars = await within(ratings).findByRole('group', { name: 'A · job-a: 2 of 5 stars' });
    fireEvent.click(within(stars).getByRole('button', { name: 'Rate 4 stars' }));
    expect((await within(ratings).findByRole('alert')).textContent).toBe(
      'Loupe could not rate A. The data file is read-only. Try again.',
    );
    expect(within(ratings).getByRole('group', { name: 'A · job-a: 2 of 5 stars' })).toBe(stars);
    refuse = false;
    fireEvent.click(within(stars).getByRole('button', { name: 'Rate 4 stars' }));
    await expect.poll(() => within(ratings).queryByRole('alert')).toBeNull();
  });
});
