import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CallResult } from '../../src-shared/protocol';
import { fakeHost } from '../test/fakeHost';
import { renderApp } from '../test/renderApp';
import { fail, ok, report, UNREACHABLE } from '../test/reports';
import { resetUiState } from '../test/resetUiState';

beforeEach(() => resetUiState('settings'));

const state = () => screen.getByTestId('connection-state');

describe('the status bar connection state', () => {
  it('shows the cached report for the active profile, latency on hover', async () => {
    const { loupe, calls } = fakeHost({ 'profiles.test': () => ok(report({ latencyMs: 17.4 })) });
    renderApp(loupe);
    await waitFor(() => expect(state().getAttribute('data-state')).toBe('connected'));
    expect(state().textContent).toContain('Connected');
    expect(state().getAttribute('title')).toContain('Latency 17 ms');
    // The status bar asks for the cached report; only "Test connection" forces a new probe.
    expect(calls).toContainEqual({ name: 'profiles.test', args: { profileId: 'local' } });
  });

  it('says Key rejected, Unreachable, or Not checked (with the reason on hover)', async () => {
    let answer: CallResult<unknown> = ok(report({ credentialAccepted: false }));
    const { loupe } = fakeHost({ 'profiles.test': () => answer });
    renderApp(loupe);
    await waitFor(() => expect(state().textContent).toContain('Key rejected'));

    answer = ok(UNREACHABLE('local'));
    fireEvent.click(await screen.findByRole('button', { name: 'Test connection to Local proxy' }));
    await waitFor(() => expect(state().textContent).toContain('Unreachable'));
    expect(
      within(screen.getByRole('listitem', { name: 'Local proxy' })).getByTestId('connection-report'),
    ).toBeTruthy();
  });

  it('says Keychain locked, not Unreachable, when the key could not be read and nothing was sent', async () => {
    const message =
      'The saved API key could not be read from the keychain, so nothing was sent. Unlock the keychain and test again.';
    const { loupe } = fakeHost({
      'profiles.test': () =>
        ok({ ...UNREACHABLE('local'), problem: { code: 'credential_unavailable', message } }),
    });
    renderApp(loupe);
    await waitFor(() => expect(state().getAttribute('data-state')).toBe('keychain-locked'));
    expect(state().textContent).toContain('Keychain locked');
    expect(state().getAttribute('title')).toContain('Unlock the keychain');
  });

  it('says Not checked when the host cannot test connections', async () => {
    const { loupe } = fakeHost({
      'profiles.test': () => fail('not_available', 'Connection tests are not built yet.'),
    });
    renderApp(loupe);
    await waitFor(() => expect(state().getAttribute('data-state')).toBe('not-checked'));
    expect(state().textContent).toContain('Not checked');
    expect(state().getAttribute('title')).toContain('(not_available)');
  });
});
