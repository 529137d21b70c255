import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { JobError, Profile, ProfileList } from '../../../../src-shared/contract';
import { fakeHost, PROFILES } from '../../../test/fakeHost';
import { renderWithLoupe } from '../../../test/renderWithLoupe';
import { ErrorTab } from './ErrorTab';

const unauthorized: JobError = {
  code: 'node_execution_error',
  message: 'Unauthorized: Please login first to use this node.',
  nodeId: '1',
  classType: 'PartnerImageNode',
  traceback: null,
};

function cloud(overrides: Partial<Profile>): ProfileList {
  const profile: Profile = {
    id: 'cloud',
    name: 'Cloud',
    surface: 'managed',
    baseUrl: 'https://api.example.com',
    hasCredential: true,
    sendPartnerKey: false,
    ...overrides,
  };
  return { ...PROFILES, profiles: [...PROFILES.profiles, profile] };
}

function show(error: JobError, profiles: ProfileList) {
  const { loupe } = fakeHost({}, { profiles });
  renderWithLoupe(<ErrorTab error={error} profileId="cloud" />, loupe);
}

describe('the Error tab under a partner node that lacked the key', () => {
  it('says what to turn on when the choice is off', async () => {
    show(unauthorized, cloud({ sendPartnerKey: false }));
    const hint = await screen.findByTestId('partner-key-hint');
    expect(hint.textContent).toContain('Turn on “Send my API key with workflows that use partner nodes”');
    expect(hint.textContent).toContain('for Cloud');
  });

  it('says the key is missing when the choice is on but none is saved', async () => {
    show(unauthorized, cloud({ sendPartnerKey: true, hasCredential: false }));
    expect((await screen.findByTestId('partner-key-hint')).textContent).toContain('no key is saved');
  });

  it('says to check the key when it is on and a key is saved', async () => {
    show(unauthorized, cloud({ sendPartnerKey: true, hasCredential: true }));
    expect((await screen.findByTestId('partner-key-hint')).textContent).toContain('check that the saved key');
  });

  it('says nothing about keys under any other error', async () => {
    show({ ...unauthorized, message: 'CUDA out of memory', classType: 'KSampler' }, cloud({}));
    await screen.findByText('CUDA out of memory');
    expect(screen.queryByTestId('partner-key-hint')).toBeNull();
  });
});
