// Vary around this and Run again with changes over the fake host: the neighbourhood proposed and confirmed
// into New batch; the job's inputs as a form whose changes (a picture from the library among them) make one
// submission; a `save`-format workflow said plainly, with nothing to confirm.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { JobRecipe } from '../../../src-shared/contract';
import { fakeHost } from '../../test/fakeHost';
import { renderWithLoupe } from '../../test/renderWithLoupe';
import { EMPTY_DRAFT, useNewBatch } from '../batches/newBatch/newBatchStore';
import { libraryEntry } from '../library/testing/fakeLibrary';
import { EntryLoopActions } from './EntryLoopActions';
import { RunWithChangesDialog } from './RunWithChangesDialog';
import { VaryAroundDialog } from './VaryAroundDialog';
import { useLoopUi } from './loopUiStore';

const recipe: JobRecipe = {
  format: 'api',
  problem: null,
  workflowJson: '{"3":{"class_type":"KSampler","inputs":{"seed":41,"cfg":7}}}',
  inputs: [
    { target: '3.seed', classType: 'KSampler', value: 41, rule: { kind: 'INT', min: 0, max: null } },
    { target: '3.cfg', classType: 'KSampler', value: 7, rule: null },
    { target: '10.image', classType: 'LoadImage', value: 'example.png', rule: null },
  ],
  checked: true,
  batch: null,
};

const saved: JobRecipe = {
  ...recipe,
  format: 'save',
  problem: 'This job ran an editor (save-format) workflow: Loupe needs the API format to run it.',
  workflowJson: null,
  inputs: [],
};

beforeEach(() => {
  act(() => {
    useLoopUi.setState({ varyAround: null, runWithChanges: null });
    useNewBatch.setState({ open: false, draft: EMPTY_DRAFT });
  });
});

describe('Vary around this', () => {
  it('proposes seed ± n and cfg ± step, and opens New batch with them once confirmed', async () => {
    const host = fakeHost({ 'jobs.recipe': () => ({ ok: true, value: recipe }) });
    act(() => useLoopUi.getState().openVaryAround('local', 'job-1'));
    renderWithLoupe(<VaryAroundDialog />, host.loupe);
    const axes = await screen.findByRole('list', { name: 'Proposed axes' }, { timeout: 5_000 });
    expect(
      within(axes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['3.seed=39..43', '3.cfg=6.5..7.5:0.5']);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Seed ±' }), { target: { value: '1' } });
    expect(within(axes).getAllByRole('listitem')[0]?.textContent).toBe('3.seed=40..42');
    fireEvent.click(screen.getByRole('button', { name: 'Open in New batch' }));
    await waitFor(() => expect(useNewBatch.getState().open).toBe(true));
    expect(useNewBatch.getState().draft.sweeps.map((sweep) => sweep.text)).toEqual([
      '3.seed=40..42',
      '3.cfg=6.5..7.5:0.5',
    ]);
    await waitFor(() => expect(useLoopUi.getState().varyAround).toBeNull());
    // The job is on the profile shown: the window stays where it is.
    expect(host.calls.some((call) => call.name === 'profiles.setActive')).toBe(false);
  });

  it('switches the window to the job’s profile when it shows another, as New batch plans there', async () => {
    const host = fakeHost({ 'jobs.recipe': () => ({ ok: true, value: recipe }) });
    act(() => useLoopUi.getState().openVaryAround('demo', 'job-1'));
    renderWithLoupe(<VaryAroundDialog />, host.loupe);
    await screen.findByRole('list', { name: 'Proposed axes' }, { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Open in New batch' }));
    await waitFor(() => expect(useNewBatch.getState().open).toBe(true));
    expect(host.calls.find((call) => call.name === 'profiles.setActive')?.args).toEqual({
      profileId: 'demo',
    });
  });

  it('says why a save-format workflow cannot be varied, with nothing to confirm', async () => {
    const host = fakeHost({ 'jobs.recipe': () => ({ ok: true, value: saved }) });
    act(() => useLoopUi.getState().openVaryAround('local', 'job-1'));
    renderWithLoupe(<VaryAroundDialog />, host.loupe);
    expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toContain('API format');
    expect(screen.getByRole('button', { name: 'Open in New batch' })).toHaveProperty('disabled', true);
  });
});

describe('Vary this on a library entry', () => {
  it('keeps the lightbox open with the reason when the job cannot be varied', async () => {
    const host = fakeHost({ 'jobs.recipe': () => ({ ok: true, value: saved }) });
    let left = 0;
    renderWithLoupe(<EntryLoopActions entry={libraryEntry(1)} onLeave={() => (left += 1)} />, host.loupe);
    fireEvent.click(screen.getByRole('button', { name: 'Vary this' }));
    expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toContain('API format');
    expect(left).toBe(0);
    expect(useNewBatch.getState().open).toBe(false);
  });
});

describe('Run again with changes', () => {
  it('sends only the inputs changed, a library picture brought over as an asset reference', async () => {
    const entry = libraryEntry(5, { profileId: 'demo', assetId: 'asset-on-demo', title: 'lighthouse #5' });
    const host = fakeHost({
      'jobs.recipe': () => ({ ok: true, value: recipe }),
      'library.search': () => ({
        ok: true,
        value: { entries: [entry], nextCursor: null, total: 1, queryProblems: [] },
      }),
      'assets.base': () => ({ ok: true, value: { base: '/asset-bytes/cap/' } }),
      'assets.bringOver': () => ({
        ok: true,
        value: {
          assets: [
            { sourceAssetId: 'asset-on-demo', assetId: 'asset-on-local', how: 'by-hash', bytesSent: 0 },
          ],
        },
      }),
      'jobs.runWithChanges': () => ({
        ok: false,
        error: { code: 'service_unavailable', message: 'Try later.' },
      }),
    });
    act(() => useLoopUi.getState().openRunWithChanges('local', 'job-1'));
    renderWithLoupe(<RunWithChangesDialog />, host.loupe);
    const seed = await screen.findByRole('spinbutton', { name: '3.seed (KSampler)' }, { timeout: 5_000 });
    const run = screen.getByRole('button', { name: 'Run with these changes' });
    expect(run).toHaveProperty('disabled', true);
    fireEvent.change(seed, { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'From the library…' }));
    const pictures = await screen.findByRole('list', { name: 'Library pictures for 10.image' });
    fireEvent.click(within(pictures).getByRole('button', { name: 'lighthouse #5 (Demo server)' }));
    await waitFor(() => expect(screen.getByTestId('picture-input-value').textContent).toBe('lighthouse #5'));
    expect(host.calls.find((call) => call.name === 'assets.bringOver')?.args).toEqual({
      profileId: 'local',
      fromProfileId: 'demo',
      assetIds: ['asset-on-demo'],
    });
    expect(screen.getByTestId('changed-inputs').textContent).toBe('Changes 3.seed, 10.image.');
    fireEvent.click(run);
    expect((await screen.findByRole('alert')).textContent).toContain('Try later.');
    expect(host.calls.find((call) => call.name === 'jobs.runWithChanges')?.args).toEqual({
      profileId: 'local',
      jobId: 'job-1',
      changes: [
        { target: '3.seed', value: 42 },
        { target: '10.image', value: { __type: 'core/ASSET', info: { id: 'asset-on-local' } } },
      ],
    });
    // Still open after a refusal, the changes kept for another try.
    expect(screen.getByRole('dialog', { name: 'Run again with changes' })).toBeTruthy();
  });

  it('closes once the service took the submission, and forgets the form', async () => {
    const host = fakeHost({
      'jobs.recipe': () => ({ ok: true, value: recipe }),
      'jobs.runWithChanges': () => ({ ok: true, value: {} }),
    });
    act(() => useLoopUi.getState().openRunWithChanges('local', 'job-1'));
    renderWithLoupe(<RunWithChangesDialog />, host.loupe);
    const seed = await screen.findByRole('spinbutton', { name: '3.seed (KSampler)' }, { timeout: 5_000 });
    fireEvent.change(seed, { target: { value: '43' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run with these changes' }));
    await waitFor(() => expect(useLoopUi.getState().runWithChanges).toBeNull());
    act(() => useLoopUi.getState().openRunWithChanges('local', 'job-1'));
    expect(
      await screen.findByRole('spinbutton', { name: '3.seed (KSampler)' }, { timeout: 5_000 }),
    ).toHaveProperty('value', '41');
  });

  it('says why a save-format workflow cannot be run again', async () => {
    const host = fakeHost({ 'jobs.recipe': () => ({ ok: true, value: saved }) });
    act(() => useLoopUi.getState().openRunWithChanges('local', 'job-1'));
    renderWithLoupe(<RunWithChangesDialog />, host.loupe);
    expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toContain('API format');
    expect(screen.getByRole('button', { name: 'Run with these changes' })).toHaveProperty('disabled', true);
  });
});
