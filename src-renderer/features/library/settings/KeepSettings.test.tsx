// Settings › Library: the keep rule per profile (starred by default) and the disk budget, through the contract.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeHost } from '../../../test/fakeHost';
import { renderWithLoupe } from '../../../test/renderWithLoupe';
import { resetUiState } from '../../../test/resetUiState';
import { fakeLibrary, libraryEntry } from '../testing/fakeLibrary';
import { KeepSettings } from './KeepSettings';

beforeEach(() => resetUiState('settings'));

function render() {
  const library = fakeLibrary(0);
  library.entries = [libraryEntry(1, { keep: 'kept', sizeBytes: 2_000_000_000 })];
  const host = fakeHost(library.answers);
  renderWithLoupe(<KeepSettings />, host.loupe);
  return { host, library };
}

describe('keep settings', () => {
  it('shows each profile’s rule, starred by default, and changes one through setKeepRule', async () => {
    const { host, library } = render();
    const local = await screen.findByLabelText('Keep rule for Local proxy');
    await waitFor(() => expect((local as HTMLSelectElement).disabled).toBe(false));
    expect((local as HTMLSelectElement).value).toBe('starred');
    fireEvent.change(local, { target: { value: 'everything' } });
    await waitFor(() =>
      expect(host.calls).toContainEqual({
        name: 'library.setKeepRule',
        args: { profileId: 'local', rule: 'everything' },
      }),
    );
    expect(library.rules).toEqual({ local: 'everything' });
    expect(screen.getByLabelText<HTMLSelectElement>('Keep rule for Demo server').value).toBe('starred');
  });

  it('shows what is used and where, and sets the budget', async () => {
    const { host } = render();
    expect((await screen.findByTestId('keep-used')).textContent).toContain('no budget set');
    expect(screen.getByTestId('keep-folder').textContent).toBe('/home/me/.local/share/Loupe/library');
    expect(screen.getByText(/1 kept/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Disk budget in GB'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set budget' }));
    await waitFor(() =>
      expect(host.calls).toContainEqual({ name: 'library.setBudget', args: { budgetBytes: 5_000_000_000 } }),
    );
    await waitFor(() => expect(screen.getByTestId('keep-used').textContent).toContain('of 5'));
    expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe('2000000000');
  });
});
