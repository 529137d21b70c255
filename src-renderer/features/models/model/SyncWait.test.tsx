// A synchronous run that takes its time: a spinner with the time it has waited, the page can be left (the
// run is main's to keep), and the answer is there on coming back.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../../../src-shared/protocol';
import type { Answer } from '../../../test/fakeHost';
import { listboxRow } from '../../../test/listboxRows';
import { openModel, withModelsLayout } from '../testing/modelPage';
import { ok, renderModels } from '../testing/renderModels';
import { IMAGE_MODEL, runDetail } from '../testing/sampleModels';

withModelsLayout();

/** An answer the test releases when it wants (the host's transport adopts the promise). */
function heldAnswer() {
  let release: (result: CallResult<unknown>) => void = () => undefined;
  const held = new Promise<CallResult<unknown>>((resolve) => {
    release = resolve;
  });
  const answer = (() => held) as unknown as Answer;
  return { answer, release: (result: CallResult<unknown>) => release(result) };
}

describe('a synchronous run that waits', () => {
  it('shows the wait with its time, survives leaving the page, and shows the answer on return', async () => {
    const held = heldAnswer();
    renderModels({ 'models.run': held.answer });
    await openModel(IMAGE_MODEL);
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a long exposure of a pier' } });
    fireEvent.click(screen.getByTestId('run-button'));

    const waiting = await screen.findByTestId('run-waiting');
    expect(waiting.textContent).toContain('Waiting for the model…');
    expect(waiting.textContent).toContain('You can leave this page');
    expect(within(waiting).getByTestId('elapsed').textContent).toMatch(/^\d+ s$/);
    expect(screen.getByTestId('run-button').textContent).toBe('Running…');
    expect(screen.getByTestId<HTMLButtonElement>('run-button').disabled).toBe(true);

    // Leave for another model, and come back: still waiting.
    fireEvent.click(listboxRow('Models', 'modelId', 'lexa/chat-3.5'));
    await waitFor(() =>
      expect(screen.getByTestId('model-page').getAttribute('data-model-id')).toBe('lexa/chat-3.5'),
    );
    expect(screen.queryByTestId('run-waiting')).toBeNull();
    fireEvent.click(listboxRow('Models', 'modelId', IMAGE_MODEL));
    await waitFor(() =>
      expect(screen.getByTestId('model-page').getAttribute('data-model-id')).toBe(IMAGE_MODEL),
    );
    expect(await screen.findByTestId('run-waiting')).toBeTruthy();

    // Leave again; the answer arrives meanwhile, and is there on return.
    fireEvent.click(listboxRow('Models', 'modelId', 'lexa/chat-3.5'));
    await waitFor(() => expect(screen.queryByTestId('run-waiting')).toBeNull());
    held.release(
      ok(
        runDetail({
          input: {
            prompt: 'a long exposure of a pier',
            width: 1024,
            guidance_scale: 7,
            output_format: 'png',
          },
        }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    fireEvent.click(listboxRow('Models', 'modelId', IMAGE_MODEL));
    expect(await screen.findByTestId('run-result')).toBeTruthy();
    expect(screen.queryByTestId('run-waiting')).toBeNull();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Prompt').value).toBe('a long exposure of a pier');
  });
});
