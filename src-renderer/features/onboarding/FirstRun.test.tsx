import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProfileList } from '../../../src-shared/contract';
import type { CallResult } from '../../../src-shared/protocol';
import { useUiStore } from '../../stores/uiStore';
import { fakeHost, PROFILES } from '../../test/fakeHost';
import { renderApp } from '../../test/renderApp';
import { fail, ok, report, UNREACHABLE } from '../../test/reports';
import { resetUiState } from '../../test/resetUiState';

const FIRST_RUN: ProfileList = { ...PROFILES, activeProfileId: null };

beforeEach(() => resetUiState('jobs'));

/** A promise the test settles by hand, to see what the screen shows while a call is under way. */
function deferred<T>() {
  let settle: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

describe('the first run', () => {
  it('offers the three ways to start when no profile is active', async () => {
    const { loupe } = fakeHost({}, { profiles: FIRST_RUN });
    renderApp(loupe);
    const firstRun = await screen.findByTestId('first-run');
    expect(within(firstRun).getByRole('heading', { name: 'No jobs yet' })).toBeTruthy();
    for (const name of [
      'Connect to the local proxy',
      'Add a managed or serverless profile',
      'Try the Demo server',
    ]) {
      expect(within(firstRun).getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByTestId('active-profile').textContent).toBe('No profile selected');
    expect(screen.getByLabelText<HTMLSelectElement>('Active profile').value).toBe('');
  });

  it('connects to the local proxy; when nothing answers it says so and offers Retry', async () => {
    let answer: CallResult<unknown> = ok(UNREACHABLE('local'));
    const { loupe, calls } = fakeHost({ 'profiles.test': () => answer }, { profiles: FIRST_RUN });
    renderApp(loupe);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect to the local proxy' }));
    const unreachable = await screen.findByTestId('local-unreachable');
    expect(unreachable.textContent).toContain('Nothing answers at 127.0.0.1:8189.');
    expect(unreachable.textContent).toContain('Start the proxy on this computer, then retry');
    // The host's own words and the code are one click away.
    fireEvent.click(within(unreachable).getByRole('button', { name: 'Details' }));
    expect(unreachable.textContent).toContain('(connection refused)');
    expect(unreachable.textContent).toContain('code: connection_refused');
    expect(calls.map((call) => call.name)).toEqual(
      expect.arrayContaining(['profiles.setActive', 'profiles.test']),
    );
    // The first-run choices stay on screen although the local profile is now active.
    expect(screen.getByTestId('first-run')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('connection-state').getAttribute('data-state')).toBe('unreachable'),
    );

    answer = ok(report({ profileId: 'local' }));
    fireEvent.click(within(unreachable).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByTestId('first-run')).toBeNull());
    expect(screen.getByTestId('connection-state').getAttribute('data-state')).toBe('connected');
    expect(screen.getByTestId('connection-state').getAttribute('title')).toContain('Latency 42 ms');
  });

  it('with its key locked in the keychain, says to unlock it rather than that nothing answers', async () => {
    const locked = {
      ...UNREACHABLE('local'),
      problem: { code: 'credential_unavailable', message: 'The saved API key could not be read.' },
    };
    const { loupe } = fakeHost({ 'profiles.test': () => ok(locked) }, { profiles: FIRST_RUN });
    renderApp(loupe);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect to the local proxy' }));
    const firstRun = await screen.findByTestId('first-run');
    await waitFor(() => expect(firstRun.textContent).toContain('Unlock or start the system keychain'));
    expect(firstRun.textContent).toContain('The saved API key could not be read.');
    expect(screen.queryByTestId('local-unreachable')).toBeNull();
    expect(within(firstRun).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('shows a connection test that could not run in words, and can continue anyway', async () => {
    const { loupe } = fakeHost(
      { 'profiles.test': () => fail('not_available', 'Connection tests are not built yet.') },
      { profiles: FIRST_RUN },
    );
    renderApp(loupe);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect to the local proxy' }));
    expect(await screen.findByText('Connection tests are not built yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    expect(screen.getByText('code: not_available')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue anyway' }));
    await waitFor(() => expect(screen.queryByTestId('first-run')).toBeNull());
  });

  it('starts the Demo server with progress, and explains when it fails to start', async () => {
    const start = deferred<CallResult<unknown>>();
    const { loupe, setProfiles } = fakeHost({}, { profiles: FIRST_RUN });
    // The first attempt fails to start; the host still records the choice.
    loupe.profiles.setActive = () => {
      setProfiles({ ...FIRST_RUN, activeProfileId: 'demo' });
      return start.promise as ReturnType<typeof loupe.profiles.setActive>;
    };
    renderApp(loupe);
    fireEvent.click(await screen.findByRole('button', { name: 'Try the Demo server' }));
    expect((await screen.findByRole('status')).textContent).toContain('Starting the Demo server');
    expect(screen.getByRole('button', { name: 'Try the Demo server' })).toHaveProperty('disabled', true);
    start.settle(fail('demo_failed_to_start', 'The Demo server could not start: port in use.'));
    expect(await screen.findByText('The Demo server could not start: port in use.')).toBeTruthy();
    expect(screen.getByText(/runs inside Loupe on a free local port/)).toBeTruthy();
    expect(screen.getByTestId('first-run')).toBeTruthy();
  });

  it('opens the add form in Settings from the first run, and the new profile becomes active', async () => {
    const { loupe, calls } = fakeHost({}, { profiles: FIRST_RUN });
    renderApp(loupe);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a managed or serverless profile' }));
    expect(useUiStore.getState().section).toBe('settings');
    const form = await screen.findByRole('form', { name: 'Add a profile' });
    expect(screen.getByLabelText<HTMLSelectElement>('Surface').value).toBe('managed');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Cloud' } });
    fireEvent.change(screen.getByLabelText('Base URL'), { target: { value: 'https://api.example.com' } });
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByTestId('active-profile').textContent).toContain('Cloud'));
    expect(calls).toContainEqual({ name: 'profiles.setActive', args: { profileId: 'p1' } });
  });
});
