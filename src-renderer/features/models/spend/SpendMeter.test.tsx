// The Router's cost in view: the status bar's meter of committed spend (dollars from US cents) and last
// credits, live from models.updates, amber when low and absent without a Router; and the same "low" said
// next to Run before anything is sent.
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeHost, PROFILES } from '../../../test/fakeHost';
import { fakeLayout } from '../../../test/fakeLayout';
import { renderApp } from '../../../test/renderApp';
import { resetUiState } from '../../../test/resetUiState';
import { openModel } from '../testing/modelPage';
import { MODEL_ANSWERS, ok, renderModels, resetModelsUi, ROUTER_PROFILES } from '../testing/renderModels';
import { IMAGE_MODEL, spend } from '../testing/sampleModels';

beforeAll(() => fakeLayout.install({ width: 1200, height: 700 }));
afterAll(() => fakeLayout.restore());
beforeEach(() => {
  resetUiState('settings');
  resetModelsUi();
});

const LOW = spend({
  committedSpend: { limit: 5000, current: 4930, remaining: 70 },
  lastCreditsUsed: 8,
  low: true,
});

describe('the status bar’s spend meter', () => {
  it('shows committed spend in dollars and the last run’s credits, and follows models.updates', async () => {
    const host = fakeHost(MODEL_ANSWERS, { profiles: ROUTER_PROFILES });
    renderApp(host.loupe);
    const meter = await screen.findByTestId('spend-meter');
    expect(meter.getAttribute('data-low')).toBe('false');
    expect(within(meter).getByTestId('spend-current').textContent).toBe('$12.00 / $50.00');
    expect(within(meter).getByTestId('spend-remaining').textContent).toBe('$38.00 left');
    expect(within(meter).getByTestId('spend-last-credits').textContent).toBe('· last run 4 credits');

    host.emit('models.updates', { runs: [], spend: LOW });
    await waitFor(() => expect(screen.getByTestId('spend-meter').getAttribute('data-low')).toBe('true'));
    expect(screen.getByTestId('spend-remaining').textContent).toBe('$0.70 left (low)');
    expect(screen.getByTestId('spend-last-credits').textContent).toBe('· last run 8 credits');
  });

  it('is amber when the spend left is low', async () => {
    const host = fakeHost({ ...MODEL_ANSWERS, 'models.spend': () => ok(LOW) }, { profiles: ROUTER_PROFILES });
    renderApp(host.loupe);
    const meter = await screen.findByTestId('spend-meter');
    expect(meter.getAttribute('data-low')).toBe('true');
    expect(meter.className).toContain('text-state-canceled');
    expect(
      within(meter).getByRole('progressbar', { name: 'Committed spend' }).getAttribute('data-tone'),
    ).toBe('low');
    expect(within(meter).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('99');
  });

  it('is not there while the active profile has no Router', async () => {
    const host = fakeHost(MODEL_ANSWERS, { profiles: { ...PROFILES, activeProfileId: 'local' } });
    renderApp(host.loupe);
    await screen.findByTestId('active-profile');
    await waitFor(() => expect(screen.getByTestId('active-profile').textContent).toContain('Local proxy'));
    expect(screen.queryByTestId('spend-meter')).toBeNull();
    expect(host.calls.some((call) => call.name === 'models.spend')).toBe(false);
  });
});

describe('before a run', () => {
  it('says next to Run that the spend left is low', async () => {
    resetUiState('models');
    renderModels({ 'models.spend': () => ok(LOW) });
    await openModel(IMAGE_MODEL);
    const note = await within(screen.getByTestId('run-bar')).findByTestId('low-spend-note');
    expect(note.textContent).toContain('Committed spend is low: $0.70 left of $50.00');
  });

  it('says nothing when it is not', async () => {
    resetUiState('models');
    const host = renderModels();
    await openModel(IMAGE_MODEL);
    await waitFor(() => expect(host.calls.some((call) => call.name === 'models.spend')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('low-spend-note')).toBeNull();
  });
});
