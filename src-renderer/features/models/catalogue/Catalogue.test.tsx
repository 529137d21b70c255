// The catalogue: search by id, filters by provider and by what a model makes, stale rows said to be stale,
// Refresh, and a profile without a Router pointed to Settings.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProfileEditor } from '../../settings/profiles/profileEditorStore';
import { listboxRow, listboxRowIds } from '../../../test/listboxRows';
import { useUiStore } from '../../../stores/uiStore';
import { argsOf, withModelsLayout } from '../testing/modelPage';
import { MODEL_ANSWERS, ok, renderModels, ROUTER_PROFILES } from '../testing/renderModels';
import { fakeHost } from '../../../test/fakeHost';
import { renderWithLoupe } from '../../../test/renderWithLoupe';
import { useUpdateProfile } from '../../../queries/profileMutations';
import { ModelsScreen } from '../ModelsScreen';
import { CATALOGUE, IMAGE_DETAIL } from '../testing/sampleModels';

withModelsLayout();

const ids = () => listboxRowIds('Models', 'modelId');

describe('the catalogue', () => {
  it('searches by id and filters by provider and by output', async () => {
    renderModels();
    await waitFor(() => expect(ids()).toHaveLength(5));
    fireEvent.change(screen.getByLabelText('Search models by id'), { target: { value: 'TTS' } });
    await waitFor(() => expect(ids()).toEqual(['sonora/tts-1']));
    expect(screen.getByTestId('model-count').textContent).toBe('1 of 5 models');
    fireEvent.change(screen.getByLabelText('Search models by id'), { target: { value: '' } });
    await waitFor(() => expect(ids()).toHaveLength(5));

    fireEvent.change(screen.getByLabelText('Filter by provider'), { target: { value: 'lexa' } });
    expect(ids()).toEqual(['lexa/chat-3.5']);
    fireEvent.change(screen.getByLabelText('Filter by provider'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Filter by output'), { target: { value: 'video' } });
    expect(ids()).toEqual(['lumen/video-1']);
    // A model whose output is not known is left out of a kind, never guessed into one.
    fireEvent.change(screen.getByLabelText('Filter by output'), { target: { value: 'data' } });
    expect(screen.getByTestId('no-models').textContent).toContain('No model matches');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(ids()).toHaveLength(5);
    // Billing facts as the service gives them.
    expect(screen.getAllByTestId('model-billing')[0]?.textContent).toBe('charges on policy rejection: yes');
  });

  it('shows what a model makes once its page has read it', async () => {
    renderModels({
      'models.detail': () =>
        ok({
          ...IMAGE_DETAIL,
          id: 'vectorly/embed-3',
          provider: 'vectorly',
          model: 'embed-3',
          outputKind: 'data',
        }),
    });
    await waitFor(() => expect(ids()).toHaveLength(5));
    expect(
      within(listboxRow('Models', 'modelId', 'vectorly/embed-3')).queryByTestId('model-kind'),
    ).toBeNull();
    fireEvent.click(listboxRow('Models', 'modelId', 'vectorly/embed-3'));
    await waitFor(() =>
      expect(
        within(listboxRow('Models', 'modelId', 'vectorly/embed-3')).getByTestId('model-kind').textContent,
      ).toBe('Data'),
    );
  });

  it('says when the rows are from Loupe’s store, and refreshes on request', async () => {
    const { calls } = renderModels({
      'models.catalogue': (args) =>
        (args as { refresh?: boolean }).refresh === true
          ? ok(CATALOGUE)
          : ok({ ...CATALOGUE, stale: true, staleReason: 'The Router did not answer (503).' }),
    });
    const note = await screen.findByTestId('catalogue-stale');
    expect(note.textContent).toContain(
      'the Router could not be reached just now (The Router did not answer (503).)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.queryByTestId('catalogue-stale')).toBeNull());
    expect(argsOf(calls, 'models.catalogue')).toContainEqual({ profileId: 'demo', refresh: true });
  });

  it('points a profile without a Router to Settings, with its editor open', async () => {
    renderModels({ 'models.catalogue': () => ok({ kind: 'no_router', message: 'No Router address.' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a Router address in Settings' }));
    expect(useUiStore.getState().section).toBe('settings');
    expect(useProfileEditor.getState().editor).toEqual({ mode: 'edit', profileId: 'demo' });
  });

  it('says what went wrong when the catalogue cannot be read, with Try again', async () => {
    renderModels({
      'models.catalogue': () => ({
        ok: false,
        error: { code: 'unauthorized', message: 'The Router refused the key.' },
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Loupe could not read the model catalogue.');
    expect(alert.textContent).toContain('The Router refused the key.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('a Router address added while the Models screen is open', () => {
  it('shows the catalogue at once: one answer everywhere', async () => {
    let hasRouter = false;
    const host = fakeHost(
      {
        ...MODEL_ANSWERS,
        'models.catalogue': () =>
          hasRouter ? ok(CATALOGUE) : ok({ kind: 'no_router', message: 'No Router address.' }),
      },
      { profiles: ROUTER_PROFILES },
    );
    function WithEditor() {
      const update = useUpdateProfile();
      return (
        <>
          <ModelsScreen />
          <button
            onClick={() => update.mutate({ profileId: 'demo', routerBaseUrl: 'http://127.0.0.1:9000' })}
          >
            Save Router address
          </button>
        </>
      );
    }
    renderWithLoupe(<WithEditor />, host.loupe);
    await screen.findByText('This profile has no Router');
    hasRouter = true;
    fireEvent.click(screen.getByRole('button', { name: 'Save Router address' }));
    await waitFor(() => expect(ids()).toHaveLength(5));
    expect(screen.queryByText('This profile has no Router')).toBeNull();
  });
});
