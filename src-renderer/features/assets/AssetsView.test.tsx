// The Assets screen over a fake host: the list Loupe remembers, search, look-up (found, blob-only, not found),
// the details with their thumbnail and job link, copying the reference, and delete with its confirm, its 409
// and its second-delete 404 explained.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileList } from '../../../src-shared/contract';
import { useUiStore } from '../../stores/uiStore';
import { fakeHost, PROFILES } from '../../test/fakeHost';
import { renderWithLoupe } from '../../test/renderWithLoupe';
import { resetUiState } from '../../test/resetUiState';
import { useJobsUi } from '../jobs/jobsUiStore';
import { AssetsScreen } from './AssetsScreen';
import { HASH_A, fakeAssets, resetAssetsState, type FakeAssets } from './testing/fakeAssets';

let assets: FakeAssets;

beforeEach(() => {
  resetUiState('assets');
  resetAssetsState();
  assets = fakeAssets();
});

function renderScreen(profiles?: ProfileList) {
  const host = fakeHost(assets.answers, profiles === undefined ? {} : { profiles });
  return { host, ...renderWithLoupe(<AssetsScreen />, host.loupe) };
}

async function openPhoto() {
  fireEvent.click(await screen.findByRole('option', { name: /inputs\/photo\.png/ }));
  return screen.findByTestId('asset-detail');
}

describe('the assets list', () => {
  it('lists the assets Loupe knows with name, size, short hash and origin', async () => {
    renderScreen();
    const list = await screen.findByRole('listbox', { name: 'Assets' });
    const rows = within(list).getAllByRole('option');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('inputs/photo.png');
    expect(rows[0]?.textContent).toContain('412 MB');
    expect(rows[0]?.textContent).toContain('blake3:abababab');
    expect(rows[0]?.textContent).toContain('uploaded');
    expect(rows[1]?.textContent).toContain('output');
    expect(screen.getByText('2 assets Loupe knows on this profile')).toBeTruthy();
  });

  it('searches names, ids and hashes through the host', async () => {
    const { host } = renderScreen();
    await screen.findByRole('listbox', { name: 'Assets' });
    fireEvent.change(screen.getByLabelText('Search assets by name, id or hash'), {
      target: { value: 'kite' },
    });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(host.calls.filter((c) => c.name === 'assets.list').at(-1)?.args).toMatchObject({ search: 'kite' });
    expect(screen.getByText('1 asset matches “kite”')).toBeTruthy();
  });

  it('says what goes here when it is empty, and offers the next step', async () => {
    assets = fakeAssets([]);
    renderScreen();
    expect(await screen.findByText('No assets yet')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Drop files or folders anywhere on this window');
    expect(screen.getAllByRole('button', { name: 'Upload files…' }).length).toBeGreaterThan(1);
  });

  it('without a connection, says assets need one and points to it', async () => {
    renderScreen({ ...PROFILES, activeProfileId: null });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose a connection' }));
    expect(useUiStore.getState().section).toBe('jobs');
  });
});

describe('an asset’s details', () => {
  it('shows the facts, the copyable hash and the thumbnail from the asset route', async () => {
    renderScreen();
    const detail = await openPhoto();
    expect((await within(detail).findByTestId('asset-hash')).textContent).toContain(HASH_A);
    const facts = within(detail).getByTestId('asset-facts');
    expect(facts.textContent).toContain('412 MB (412,000,000 bytes)');
    expect(facts.textContent).toContain('image/png');
    expect(facts.textContent).toContain('uploaded from Loupe');
    expect(within(facts).getAllByRole('button', { name: 'Copy' })).toHaveLength(2);
    expect(within(detail).getByTestId('asset-preview').getAttribute('src')).toBe(
      '/asset-bytes/cap/local/asset-photo',
    );
  });

  it('opens the job that made an output in the Jobs section', async () => {
    renderScreen();
    fireEvent.click(await screen.findByRole('option', { name: /kite_00001_/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Open job job-7' }));
    expect(useUiStore.getState().section).toBe('jobs');
    expect(useJobsUi.getState()).toMatchObject({ openJobId: 'job-7', profileId: 'local' });
  });

  it('copies the core/ASSET reference, and shows it when the clipboard cannot take it', async () => {
    const writeText = vi.fn(() => Promise.reject(new Error('Document is not focused.')));
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderScreen();
    const detail = await openPhoto();
    fireEvent.click(await within(detail).findByRole('button', { name: 'Copy reference' }));
    const reference = await within(detail).findByTestId('asset-reference');
    expect(JSON.parse(reference.textContent)).toEqual({
      __type: 'core/ASSET',
      info: { id: 'asset-photo' },
    });
    expect(within(detail).getByText(/copy the reference below by hand/)).toBeTruthy();
    expect(writeText).toHaveBeenCalledTimes(1);
  });
});

describe('delete', () => {
  async function deletePhoto() {
    const detail = await openPhoto();
    fireEvent.click(await within(detail).findByRole('button', { name: 'Delete…' }));
    const dialog = await screen.findByTestId('delete-asset-dialog');
    expect(dialog.textContent).toContain('inputs/photo.png');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    return detail;
  }

  it('asks first, deletes, and the list no longer has it', async () => {
    const { host } = renderScreen();
    const detail = await openPhoto();
    fireEvent.click(await within(detail).findByRole('button', { name: 'Delete…' }));
    fireEvent.click(
      within(await screen.findByTestId('delete-asset-dialog')).getByRole('button', { name: 'Keep it' }),
    );
    expect(host.calls.some((c) => c.name === 'assets.delete')).toBe(false);

    await deletePhoto();
    expect((await screen.findByTestId('asset-gone')).textContent).toContain('Deleted');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
  });

  it('explains a 409 asset_in_use and keeps the asset', async () => {
    assets.deleteAnswer = 'in-use';
    renderScreen();
    const detail = await deletePhoto();
    const error = await within(detail).findByTestId('delete-error');
    expect(error.textContent).toContain('Still in use');
    expect(error.textContent).toContain('cannot be deleted');
    expect(error.textContent).toContain('Delete it once the job that uses it is gone');
    fireEvent.click(within(error).getByRole('button', { name: 'Details' }));
    expect(error.textContent).toContain('code: asset_in_use');
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });

  it('takes a second delete’s 404 as already done, and says so', async () => {
    assets.deleteAnswer = 'gone';
    renderScreen();
    await deletePhoto();
    const gone = await screen.findByTestId('asset-gone');
    expect(gone.textContent).toContain('Already deleted');
    expect(gone.textContent).toContain('deleting an asset a second time finds nothing');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
  });
});

describe('look-up', () => {
  function lookUp(text: string) {
    fireEvent.change(screen.getByLabelText('Asset id or blake3 hash'), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
  }

  it('opens a found asset', async () => {
    assets.lookupAnswer = {
      ok: true,
      value: {
        state: 'found',
        asset: { ...assets.assets[1], source: 'service', describedAt: null },
      },
    };
    renderScreen();
    await screen.findByRole('listbox', { name: 'Assets' });
    lookUp(`blake3:${'cd'.repeat(32)}`);
    expect((await screen.findByTestId('asset-detail')).getAttribute('data-asset-id')).toBe('asset-output');
  });

  it('explains a hash the service holds bytes for but no asset of this profile', async () => {
    assets.lookupAnswer = {
      ok: true,
      value: {
        state: 'blob-only',
        hash: HASH_A,
        message: 'The service holds these bytes, but Loupe knows no asset of this profile over them.',
      },
    };
    renderScreen();
    await screen.findByRole('listbox', { name: 'Assets' });
    lookUp(HASH_A);
    const note = await screen.findByTestId('lookup-blob-only');
    expect(note.textContent).toContain('Bytes on the server, but no asset of yours');
    expect(note.textContent).toContain(HASH_A);
  });

  it('says when nothing is found, with the code one click away', async () => {
    renderScreen();
    await screen.findByRole('listbox', { name: 'Assets' });
    lookUp('nope');
    expect(await screen.findByText('Neither Loupe nor the service knows it.')).toBeTruthy();
  });
});
