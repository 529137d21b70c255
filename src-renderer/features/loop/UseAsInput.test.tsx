// Use as input over the fake host: with several profiles the user says which profile's New batch takes the
// outputs (the shown one is proposed); the bytes are brought over to that profile, and the window switches
// to it when it showed another. With one profile there is nothing to ask.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BroughtAsset } from '../../../src-shared/contract';
import { fakeHost, PROFILES } from '../../test/fakeHost';
import { renderWithLoupe } from '../../test/renderWithLoupe';
import { useUiStore } from '../../stores/uiStore';
import { EMPTY_DRAFT, useNewBatch } from '../batches/newBatch/newBatchStore';
import { UseAsInputButton } from './UseAsInputButton';
import { UseAsInputDialog } from './UseAsInputDialog';
import { useLoopUi } from './loopUiStore';

function hostBringing(how: BroughtAsset['how']) {
  return fakeHost({
    'assets.bringOver': (args) => {
      const { assetIds } = args as { assetIds: string[] };
      return {
        ok: true,
        value: {
          assets: assetIds.map((id) => ({
            sourceAssetId: id,
            assetId: `on-target-${id}`,
            how,
            bytesSent: 0,
          })),
        },
      };
    },
  });
}

let left = 0;

function both() {
  return (
    <>
      <UseAsInputButton fromProfileId="demo" assetIds={['a1']} onLeave={() => (left += 1)} />
      <UseAsInputDialog />
    </>
  );
}

beforeEach(() => {
  left = 0;
  act(() => {
    useLoopUi.setState({ useAsInput: null });
    useNewBatch.setState({ open: false, draft: EMPTY_DRAFT });
  });
});

describe('Use as input', () => {
  it('asks which profile when there are several, proposing the shown one, and keeps the window there', async () => {
    const host = hostBringing('by-hash');
    renderWithLoupe(both(), host.loupe);
    fireEvent.click(await screen.findByRole('button', { name: 'Use as input…' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Use as input on…' });
    // The lightbox it came from closes: the choice is not a modal stacked on another.
    expect(left).toBe(1);
    expect(screen.getByRole('radio', { name: /Local proxy/ })).toHaveProperty('checked', true);
    expect(dialog.textContent).toContain('http://127.0.0.1:8189');
    fireEvent.click(screen.getByRole('button', { name: 'Open New batch on Local proxy' }));
    await waitFor(() => expect(useNewBatch.getState().open).toBe(true));
    expect(host.calls.find((call) => call.name === 'assets.bringOver')?.args).toEqual({
      profileId: 'local',
      fromProfileId: 'demo',
      assetIds: ['a1'],
    });
    expect(host.calls.some((call) => call.name === 'profiles.setActive')).toBe(false);
    expect(useNewBatch.getState().draft.inputs.map((axis) => axis.assetIds)).toEqual([['on-target-a1']]);
    expect(useUiStore.getState().section).toBe('batches');
    expect(screen.queryByRole('dialog', { name: 'Use as input on…' })).toBeNull();
  });

  it('switches the window to the profile chosen when it showed another', async () => {
    const host = hostBringing('same-profile');
    renderWithLoupe(both(), host.loupe);
    fireEvent.click(await screen.findByRole('button', { name: 'Use as input…' }, { timeout: 5_000 }));
    fireEvent.click(await screen.findByRole('radio', { name: /Demo server/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Open New batch on Demo server' }));
    await waitFor(() => expect(useNewBatch.getState().open).toBe(true));
    expect(host.calls.find((call) => call.name === 'assets.bringOver')?.args).toMatchObject({
      profileId: 'demo',
      fromProfileId: 'demo',
    });
    expect(host.calls.find((call) => call.name === 'profiles.setActive')?.args).toEqual({
      profileId: 'demo',
    });
  });

  it('says why when the bytes could not be brought over, and stays open', async () => {
    const host = fakeHost({
      'assets.bringOver': () => ({
        ok: false,
        error: { code: 'asset_unavailable', message: 'The output has no bytes to read.' },
      }),
    });
    renderWithLoupe(both(), host.loupe);
    fireEvent.click(await screen.findByRole('button', { name: 'Use as input…' }, { timeout: 5_000 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Open New batch on Local proxy' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The output has no bytes to read.');
    expect(screen.getByRole('dialog', { name: 'Use as input on…' })).toBeTruthy();
    expect(useNewBatch.getState().open).toBe(false);
  });

  it('asks nothing with one profile', async () => {
    const host = fakeHost(
      {
        'assets.bringOver': () => ({
          ok: true,
          value: { assets: [{ sourceAssetId: 'a1', assetId: 'a1', how: 'same-profile', bytesSent: 0 }] },
        }),
      },
      { profiles: { profiles: [PROFILES.profiles[1]!], activeProfileId: 'demo' } },
    );
    renderWithLoupe(both(), host.loupe);
    const button = await screen.findByRole('button', { name: 'Use as input' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    await waitFor(() => expect(useNewBatch.getState().open).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(left).toBe(1);
    expect(useNewBatch.getState().draft.inputs.map((axis) => axis.assetIds)).toEqual([['a1']]);
  });
});
