import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeHost, PROFILES } from '../test/fakeHost';
import { renderApp } from '../test/renderApp';
import { resetUiState } from '../test/resetUiState';
import { useTransportState } from '../transport/transportState';

beforeEach(() => resetUiState('jobs'));

const renamed = {
  ...PROFILES,
  profiles: PROFILES.profiles.map((profile) =>
    profile.id === 'local' ? { ...profile, name: 'Workshop proxy' } : profile,
  ),
};

describe('the profiles.changes subscription', () => {
  it('refreshes the profile list when the host reports a change made elsewhere', async () => {
    const { loupe, emit, setProfiles } = fakeHost();
    renderApp(loupe);
    await waitFor(() => expect(screen.getByTestId('active-profile').textContent).toContain('Local proxy'));
    setProfiles(renamed);
    // One subscription for the whole app, however many screens read profiles.
    act(() => expect(emit('profiles.changes', { kind: 'updated', profileId: 'local' })).toBe(1));
    await waitFor(() => expect(screen.getByTestId('active-profile').textContent).toContain('Workshop proxy'));
  });

  it('subscribes again and rereads after the host connection comes back', async () => {
    const { loupe, emit, setProfiles, calls } = fakeHost();
    renderApp(loupe);
    await waitFor(() => expect(screen.getByTestId('active-profile').textContent).toContain('Local proxy'));
    act(() => useTransportState.setState({ state: 'reconnecting' }));
    expect(emit('profiles.changes', { kind: 'active', profileId: 'demo' })).toBe(0);
    setProfiles(renamed);
    const listsBefore = calls.filter((call) => call.name === 'profiles.list').length;
    act(() => useTransportState.setState({ state: 'connected' }));
    await waitFor(() => expect(screen.getByTestId('active-profile').textContent).toContain('Workshop proxy'));
    expect(calls.filter((call) => call.name === 'profiles.list').length).toBeGreaterThan(listsBefore);
    expect(emit('profiles.changes', { kind: 'created', profileId: 'x' })).toBe(1);
  });
});
