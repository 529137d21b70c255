import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProfileList } from '../../../../src-shared/contract';
import { fakeHost, PROFILES, type FakeHostOptions } from '../../../test/fakeHost';
import { renderApp } from '../../../test/renderApp';
import { fail, ok, report, UNREACHABLE } from '../../../test/reports';
import { resetUiState } from '../../../test/resetUiState';

const WITH_STUDIO: ProfileList = {
  ...PROFILES,
  profiles: [
    ...PROFILES.profiles,
    {
      id: 'studio',
      name: 'Studio',
      surface: 'managed',
      baseUrl: 'https://api.example.com',
      hasCredential: true,
      sendPartnerKey: false,
    },
  ],
};

beforeEach(() => resetUiState('settings'));

const row = (name: string) => screen.getByRole('listitem', { name });
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Settings with Studio saved (a keychain unless `options` says otherwise), Studio's edit form open. */
async function editStudio(options: FakeHostOptions = {}) {
  const { loupe, calls } = fakeHost({}, { profiles: WITH_STUDIO, ...options });
  renderApp(loupe);
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Studio' }));
  return { calls, form: screen.getByRole('form', { name: 'Edit Studio' }) };
}

async function openAddForm() {
  fireEvent.click(await screen.findByRole('button', { name: '+ Add profile' }));
  return screen.getByRole('form', { name: 'Add a profile' });
}

describe('Settings → Profiles', () => {
  it('lists each profile with its surface, address, key state and the active marker', async () => {
    const { loupe } = fakeHost({}, { profiles: WITH_STUDIO });
    renderApp(loupe);
    const studio = await screen.findByRole('listitem', { name: 'Studio' }, { timeout: 10_000 });
    expect(studio.textContent).toContain('managed service');
    expect(studio.textContent).toContain('https://api.example.com');
    await waitFor(() =>
      expect(within(studio).getByTestId('credential-state').textContent).toBe('key saved in keychain'),
    );
    expect(within(row('Local proxy')).getByText('active')).toBeTruthy();
    expect(within(row('Local proxy')).getByTestId('credential-state').textContent).toBe('no key');
    expect(within(studio).queryByText('active')).toBeNull();
    // The Demo profile cannot be removed, and says why.
    const removeDemo = within(row('Demo server')).getByRole('button', { name: 'Remove Demo server' });
    expect(removeDemo.getAttribute('aria-disabled')).toBe('true');
    expect(removeDemo.getAttribute('title')).toContain('cannot be removed');
    expect(within(row('Demo server')).queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('keeps the end of each address in view: two mounts on one host never look the same', async () => {
    const mount = (id: string, name: string, baseUrl: string) => ({
      id,
      name,
      surface: 'serverless' as const,
      baseUrl,
      hasCredential: false,
      sendPartnerKey: false,
    });
    const profiles: ProfileList = {
      ...PROFILES,
      profiles: [
        ...PROFILES.profiles,
        mount('blue', 'Blue', 'http://127.0.0.1:43441/api/blue-deployment'),
        mount('green', 'Green', 'http://127.0.0.1:43441/api/green-deployment'),
      ],
    };
    const { loupe } = fakeHost({}, { profiles });
    renderApp(loupe);
    for (const [name, url, end] of [
      ['Blue', 'http://127.0.0.1:43441/api/blue-deployment', '/api/blue-deployment'],
      ['Green', 'http://127.0.0.1:43441/api/green-deployment', '/api/green-deployment'],
    ] as const) {
      const address = within(await screen.findByRole('listitem', { name }, { timeout: 5_000 })).getByTestId(
        'profile-address',
      );
      // Whole for a screen reader and on hover; only the start gives way when the row is narrow.
      expect(address.textContent).toBe(url);
      expect(address.getAttribute('title')).toBe(url);
      const kept = within(address).getByTestId('address-end');
      expect(kept.textContent).toBe(end);
      expect(kept.className).toContain('shrink-0');
    }
  });

  it('shows a hostile profile name as plain text, its bidi override made visible', async () => {
    const name = '<img src=x onerror=alert(1)>\u202Egnp.exe';
    const hostile: ProfileList = {
      ...PROFILES,
      profiles: [
        ...PROFILES.profiles,
        {
          id: 'h',
          name,
          surface: 'managed',
          baseUrl: 'https://h.example',
          hasCredential: false,
          sendPartnerKey: false,
        },
      ],
    };
    const { loupe } = fakeHost({}, { profiles: hostile });
    const { container } = renderApp(loupe);
    // In the list and in the profile switcher alike.
    const shown = await screen.findAllByText('<img src=x onerror=alert(1)>\u27e8U+202E\u27e9gnp.exe');
    expect(shown.map((node) => node.tagName).sort()).toEqual(['OPTION', 'SPAN']);
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('says a key is kept for this session when the keychain is unavailable', async () => {
    const { loupe } = fakeHost({}, { profiles: WITH_STUDIO, keychainAvailable: false });
    renderApp(loupe);
    const studio = await screen.findByRole('listitem', { name: 'Studio' });
    await waitFor(() =>
      expect(within(studio).getByTestId('credential-state').textContent).toBe('kept for this session'),
    );
  });

  it('adds a profile: per-field errors from the host, then the key goes to the keychain and the field is cleared', async () => {
    const { loupe, calls } = fakeHost();
    renderApp(loupe);
    const form = await openAddForm();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(screen.getByLabelText<HTMLInputElement>('API key').type).toBe('password');
    type('Name', 'Studio');
    type('Base URL', 'not a url');
    type('API key', 'sk-secret');
    fireEvent.submit(form);
    const baseUrl = screen.getByLabelText('Base URL');
    await waitFor(() => expect(baseUrl.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter a full address, such as https://api.example.com.')).toBeTruthy();
    expect(calls.some((call) => call.name === 'profiles.setCredential')).toBe(false);

    // Show/hide the key, then fix the address and save with Enter (a submit).
    fireEvent.click(within(form).getByRole('button', { name: 'Show' }));
    expect(screen.getByLabelText<HTMLInputElement>('API key').type).toBe('text');
    type('Base URL', 'http://127.0.0.1:9');
    fireEvent.submit(form);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add a profile' })).toBeNull());
    expect(calls.filter((call) => call.name === 'profiles.create')).toHaveLength(2);
    expect(calls).toContainEqual({
      name: 'profiles.setCredential',
      args: { profileId: 'p1', secret: 'sk-secret' },
    });
    const studio = await screen.findByRole('listitem', { name: 'Studio' });
    await waitFor(() =>
      expect(within(studio).getByTestId('credential-state').textContent).toBe('key saved in keychain'),
    );
    await waitFor(() => expect(document.activeElement?.id).toBe('add-profile-button'));
    // The key was never put back into the page.
    expect(document.body.innerHTML).not.toContain('sk-secret');
  });

  it('shows a host error that names no field above the buttons, with its code one click away', async () => {
    const { loupe } = fakeHost({
      'profiles.create': () =>
        fail('invalid_profile', 'The store is read-only.', { fields: { form: ['x'] } }),
    });
    renderApp(loupe);
    const form = await openAddForm();
    type('Name', 'Studio');
    fireEvent.submit(form);
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('The store is read-only.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Details' }));
    expect(within(alert).getByText('code: invalid_profile')).toBeTruthy();
  });

  it('asks before keeping a key for this session when the keychain is unavailable', async () => {
    const { calls, form } = await editStudio({ keychainAvailable: false });
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Studio');
    expect(screen.getByLabelText<HTMLInputElement>('API key').value).toBe('');
    type('API key', 'sk-session');
    fireEvent.submit(form);
    const dialog = await screen.findByRole('alertdialog', { name: 'Your system keychain is not available' });
    expect(dialog.textContent).toContain('No Secret Service on the session bus');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Updating the profile was not needed: nothing but the key changed.
    expect(calls.some((call) => call.name === 'profiles.update')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it for this session only' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Studio' })).toBeNull());
    expect(calls).toContainEqual({
      name: 'profiles.setCredential',
      args: { profileId: 'studio', secret: 'sk-session', allowSessionOnly: true },
    });
    await waitFor(() =>
      expect(within(row('Studio')).getByTestId('credential-state').textContent).toBe('kept for this session'),
    );
    await waitFor(() => expect(document.activeElement?.id).toBe('edit-profile-studio'));
  });

  it('a new address without a key: warned before saving, then told to enter the key again', async () => {
    const { calls, form } = await editStudio();
    expect(form.textContent).toContain('Type a new key to replace it.');
    type('Base URL', 'https://other.example.com');
    expect(form.textContent).toContain('The saved key stays with the old address.');
    fireEvent.submit(form);
    const notice = await within(form).findByRole('status');
    expect(notice.textContent).toContain('The address changed, so enter the key again');
    // Saved, and the form stays open for the key.
    expect(calls.filter((call) => call.name === 'profiles.update')).toHaveLength(1);
    expect(screen.getByRole('form', { name: 'Edit Studio' })).toBeTruthy();
    // The profile now has no key, and the field says where a new one goes.
    await waitFor(() => expect(form.textContent).toContain('Kept in your system keychain.'));
  });

  it('a new address with a key: both go in one update, never a separate setCredential', async () => {
    const { calls, form } = await editStudio();
    type('Base URL', 'https://other.example.com');
    type('API key', 'sk-for-other');
    fireEvent.submit(form);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Studio' })).toBeNull());
    expect(calls).toContainEqual({
      name: 'profiles.update',
      args: {
        profileId: 'studio',
        name: 'Studio',
        surface: 'managed',
        baseUrl: 'https://other.example.com',
        routerBaseUrl: null,
        secret: 'sk-for-other',
      },
    });
    expect(calls.some((call) => call.name === 'profiles.setCredential')).toBe(false);
    await waitFor(() =>
      expect(within(row('Studio')).getByTestId('credential-state').textContent).toBe('key saved in keychain'),
    );
  });

  it('a new address with a key and no keychain: consent, then the same update again for this session', async () => {
    const { calls, form } = await editStudio({ keychainAvailable: false });
    type('Base URL', 'https://other.example.com');
    type('API key', 'sk-for-other');
    fireEvent.submit(form);
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it for this session only' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Studio' })).toBeNull());
    const updates = calls.filter((call) => call.name === 'profiles.update');
    expect(updates).toHaveLength(2);
    expect(updates[1]?.args).toMatchObject({ secret: 'sk-for-other', allowSessionOnly: true });
  });

  it('Esc on the consent dialog cancels only the dialog: the form stays, saying the key was not saved', async () => {
    const { loupe, calls } = fakeHost({}, { keychainAvailable: false });
    renderApp(loupe);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Local proxy' }));
    const form = screen.getByRole('form', { name: 'Edit Local proxy' });
    type('API key', 'token');
    const save = within(form).getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.submit(form);
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('form', { name: 'Edit Local proxy' })).toBeTruthy();
    expect(within(form).getByRole('status').textContent).toContain('the key is not');
    expect(document.activeElement).toBe(save);
    expect(calls.filter((call) => call.name === 'profiles.setCredential')).toHaveLength(1);
    // Esc on the form itself closes it.
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' });
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('the partner-node choice: off unless ticked, explained in full, sent only as a boolean', async () => {
    const { loupe, calls } = fakeHost();
    renderApp(loupe);
    const form = await openAddForm();
    const choice = within(form).getByRole<HTMLInputElement>('checkbox', {
      name: /Send my API key with workflows that use partner nodes, so those nodes can bill my account/,
    });
    expect(choice.checked).toBe(false);
    const explanation = document.getElementById(choice.getAttribute('aria-describedby') ?? '');
    expect(explanation?.textContent).toContain(
      'Where the service does not say which nodes are partner nodes, the key goes with every submission',
    );
    type('Name', 'Partner');
    type('Base URL', 'https://partner.example');
    fireEvent.click(choice);
    // Ticked without a key: the form says none can go until there is one.
    expect(explanation?.textContent).toContain('no API key saved yet');
    fireEvent.submit(form);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add a profile' })).toBeNull());
    expect(calls.find((call) => call.name === 'profiles.create')?.args).toMatchObject({
      name: 'Partner',
      sendPartnerKey: true,
    });
  });

  it('the partner-node choice: editing turns it on and off, and an untouched form leaves it alone', async () => {
    const { calls, form } = await editStudio();
    const choice = within(form).getByRole<HTMLInputElement>('checkbox', { name: /partner nodes/ });
    expect(choice.checked).toBe(false);
    // A key is saved: nothing says one is missing.
    expect(form.textContent).not.toContain('no API key saved yet');
    fireEvent.click(choice);
    fireEvent.submit(form);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Studio' })).toBeNull());
    expect(calls.filter((call) => call.name === 'profiles.update').map((call) => call.args)).toEqual([
      expect.objectContaining({ profileId: 'studio', sendPartnerKey: true }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Studio' }));
    const again = screen.getByRole('form', { name: 'Edit Studio' });
    const ticked = within(again).getByRole<HTMLInputElement>('checkbox', { name: /partner nodes/ });
    expect(ticked.checked).toBe(true);
    type('Name', 'Studio 2');
    fireEvent.submit(again);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Studio' })).toBeNull());
    // A change of something else does not send the choice again.
    expect(calls.filter((call) => call.name === 'profiles.update').at(-1)?.args).not.toHaveProperty(
      'sendPartnerKey',
    );
  });

  it('removes a profile after a confirm step', async () => {
    const { loupe, calls } = fakeHost({}, { profiles: WITH_STUDIO });
    renderApp(loupe);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Studio' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Remove Studio?' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((call) => call.name === 'profiles.remove')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Studio' }));
    dialog = screen.getByRole('alertdialog', { name: 'Remove Studio?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove profile' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Studio' })).toBeNull());
    expect(calls).toContainEqual({ name: 'profiles.remove', args: { profileId: 'studio' } });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('tests a connection and shows the report: reachability, key, capabilities, latency', async () => {
    const { loupe, calls } = fakeHost({
      'profiles.test': (args) =>
        ok(report({ profileId: (args as { profileId: string }).profileId, credentialAccepted: true })),
    });
    renderApp(loupe);
    fireEvent.click(await screen.findByRole('button', { name: 'Test connection to Local proxy' }));
    const result = await within(row('Local proxy')).findByTestId('connection-report');
    expect(result.getAttribute('data-state')).toBe('connected');
    expect(result.textContent).toContain('key accepted');
    expect(result.textContent).toContain('42 ms');
    const chips = within(result).getByRole('list', { name: 'Capabilities' });
    expect(chips.textContent).toContain('Lists jobs');
    expect(chips.textContent).toContain('No logs');
    expect(calls).toContainEqual({ name: 'profiles.test', args: { profileId: 'local', refresh: true } });
  });

  it('explains an unreachable service and a test that could not run, codes one click away', async () => {
    let answer = ok(UNREACHABLE('local'));
    const { loupe } = fakeHost({ 'profiles.test': () => answer });
    renderApp(loupe);
    const test = await screen.findByRole('button', { name: 'Test connection to Local proxy' });
    fireEvent.click(test);
    const result = await within(row('Local proxy')).findByTestId('connection-report');
    expect(result.getAttribute('data-state')).toBe('unreachable');
    expect(result.textContent).toContain('Nothing answered at 127.0.0.1:8189');
    fireEvent.click(within(result).getByRole('button', { name: 'Details' }));
    expect(within(result).getByText('code: connection_refused')).toBeTruthy();

    answer = fail('not_available', 'Connection tests are not built yet.');
    fireEvent.click(test);
    const alert = await within(row('Local proxy')).findByText('Connection tests are not built yet.');
    expect(alert).toBeTruthy();
    expect(within(row('Local proxy')).queryByTestId('connection-report')).toBeNull();
  });
});
