import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoreDamageReport, StoreStatus } from '../../../src-shared/contract';
import { unwrap } from '../../lib/callError';
import { useLoupe } from '../../lib/loupeContext';
import { fakeHost } from '../../test/fakeHost';
import { renderWithLoupe } from '../../test/renderWithLoupe';
import { StoreGate } from './StoreGate';

const damage: StoreDamageReport = {
  kind: 'not_a_database',
  code: 'store_damaged',
  summary:
    "Loupe's data file /home/u/.config/loupe/loupe.db is not a database: its first bytes are not SQLite's header.",
  nextStep: 'Start fresh: Loupe moves the damaged file aside (nothing is deleted) and opens an empty store.',
  path: '/home/u/.config/loupe/loupe.db',
  dataDir: '/home/u/.config/loupe',
  actions: ['start_fresh', 'restore_backup'],
  detail: 'file is not a database\u202e',
  newestBackup: {
    path: '/home/u/.config/loupe/backups/loupe-20250101T000000Z-daily.db',
    takenAt: '2025-01-01T00:00:00Z',
    reason: 'daily',
  },
};

const recovered: StoreStatus = {
  state: 'ok',
  path: '/home/u/.config/loupe/loupe.db',
  newestBackup: null,
  recovered: {
    setAside: ['/home/u/.config/loupe/loupe.db.damaged-2025-01-02T00-00-00Z'],
    restoredFrom: null,
  },
};

function Profiles() {
  const loupe = useLoupe();
  const profiles = useQuery({ queryKey: ['profiles'], queryFn: () => unwrap(loupe.profiles.list()) });
  return <p>{profiles.isError ? 'profiles failed' : `profiles: ${profiles.data?.profiles.length ?? '…'}`}</p>;
}

describe('the store gate', () => {
  it('shows what happened, where, and starts fresh through store.recover, then opens the app', async () => {
    const { loupe, calls } = fakeHost({
      'store.status': () => ({ ok: true, value: { state: 'unusable', damage } }),
      'store.recover': () => ({ ok: true, value: recovered }),
    });
    renderWithLoupe(
      <StoreGate>
        <Profiles />
      </StoreGate>,
      loupe,
    );
    expect(await screen.findByRole('heading', { name: 'Loupe cannot use its data file' })).toBeTruthy();
    expect(screen.getByTestId('damage-summary').textContent).toBe(damage.summary);
    expect(screen.getByText(damage.path)).toBeTruthy();
    expect(screen.getByText(/loupe-20250101T000000Z-daily\.db/)).toBeTruthy();
    expect(screen.queryByText(/profiles:/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    // The raw code one click away; the detail's bidi override made visible, not obeyed.
    expect(screen.getByText(/code: store_damaged/).textContent).toContain('U+202E');

    fireEvent.click(screen.getByRole('button', { name: 'Move it aside and start fresh' }));
    expect(await screen.findByText('profiles: 2')).toBeTruthy();
    expect(calls).toContainEqual({ name: 'store.recover', args: { action: 'start_fresh' } });
    expect(screen.getByRole('status').textContent).toContain('loupe.db.damaged-2025-01-02T00-00-00Z');
  });

  it('goes to the damage screen when a call answers store_damaged while the app runs', async () => {
    let damaged = false;
    const { loupe } = fakeHost({
      'store.status': () =>
        damaged
          ? { ok: true, value: { state: 'unusable', damage: { ...damage, kind: 'damaged_pages' } } }
          : { ok: true, value: { ...recovered, recovered: null } },
      'profiles.list': () => {
        damaged = true;
        return { ok: false, error: { code: 'store_damaged', message: 'Loupe’s data file is damaged.' } };
      },
    });
    renderWithLoupe(
      <StoreGate>
        <Profiles />
      </StoreGate>,
      loupe,
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Loupe cannot use its data file' })).toBeTruthy(),
    );
  });
});
