import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTransportState } from '../transport/transportState';
import { useUiStore } from '../stores/uiStore';
import { fakeHost, PROFILES } from '../test/fakeHost';
import { renderApp } from '../test/renderApp';

beforeEach(() => {
  useUiStore.setState({ section: 'jobs', theme: 'dark' });
  useTransportState.setState({ state: 'connected' });
});

describe('the app shell', () => {
  it('marks itself ready once the host answered, and shows the first-run jobs screen', async () => {
    const { loupe } = fakeHost({}, { profiles: { ...PROFILES, activeProfileId: null } });
    const { container } = renderApp(loupe);
    await waitFor(() => expect(container.querySelector('[data-app-ready="true"]')).not.toBeNull());
    expect(await screen.findByRole('heading', { name: 'No jobs yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect to the local proxy' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a managed or serverless profile' })).toBeTruthy();
    expect(screen.getByTestId('active-profile').textContent).toContain('No profile selected');
  });

  it('switches to the Demo profile from the empty state, through the contract', async () => {
    const { loupe, calls } = fakeHost();
    renderApp(loupe);
    fireEvent.click(await screen.findByRole('button', { name: 'Try the Demo server' }));
    await waitFor(() => expect(screen.getByTestId('active-profile').textContent).toContain('Demo server'));
    expect(calls).toContainEqual({ name: 'profiles.setActive', args: { profileId: 'demo' } });
    expect(screen.getByTestId('active-profile').textContent).toContain('starts when selected');
  });

  it('says in words when the host cannot answer, with the code one click away', async () => {
    const { loupe } = fakeHost({
      'app.info': () => ({
        ok: false,
        error: { code: 'transport_lost', message: 'The connection was lost.' },
      }),
    });
    const { container } = renderApp(loupe);
    expect(await screen.findByText('Loupe could not reach its host process.')).toBeTruthy();
    expect(container.querySelector('[data-app-ready="false"]')).not.toBeNull();
    expect(screen.queryByText(/code: transport_lost/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    expect(screen.getByText('code: transport_lost')).toBeTruthy();
  });

  it('moves between sections with the sidebar and with Ctrl+number', async () => {
    const { loupe } = fakeHost();
    renderApp(loupe);
    fireEvent.click(await screen.findByRole('button', { name: /Library/ }));
    // The Assets section is the Library now; uploads are one of its tabs.
    expect(await screen.findByRole('heading', { name: 'Library' }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Uploads' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Library/ }).getAttribute('aria-current')).toBe('page');
    fireEvent.keyDown(window, { key: '2', ctrlKey: true });
    // The Batches section is loaded lazily: its first import may outlast findBy's one second on a busy machine.
    expect(await screen.findByRole('heading', { name: 'No batches yet' }, { timeout: 10_000 })).toBeTruthy();
    fireEvent.keyDown(window, { key: '2' });
    fireEvent.keyDown(window, { key: '4', ctrlKey: true });
    // So is Models (the largest screen), with the same allowance.
    expect(await screen.findByRole('tab', { name: 'Catalogue' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Models/ }).getAttribute('aria-current')).toBe('page');
    // Three lazily loaded sections, each given 10 s above.
  }, 30_000);

  it('applies the theme chosen in Settings to the document', async () => {
    const { loupe } = fakeHost();
    renderApp(loupe);
    await screen.findByRole('heading', { name: 'No jobs yet' });
    fireEvent.keyDown(window, { key: '5', ctrlKey: true });
    fireEvent.click(await screen.findByLabelText('Light'));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    expect((await screen.findByTestId('about')).textContent).toContain('Browser shell');
  });
});
