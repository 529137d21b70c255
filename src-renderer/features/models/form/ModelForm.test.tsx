// The form generated from a model's input schema: its defaults, enums as selects, bounded numbers as a
// slider with a number box, and the schema check that stops a run before anything is sent.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { argsOf, fieldAt, openModel, withModelsLayout } from '../testing/modelPage';
import { ok, renderModels } from '../testing/renderModels';
import { IMAGE_MODEL, runDetail } from '../testing/sampleModels';

withModelsLayout();

describe('the form built from a model’s input schema', () => {
  it('starts from the schema’s defaults, and draws enums as selects', async () => {
    renderModels();
    await openModel(IMAGE_MODEL);
    expect(screen.getByLabelText<HTMLInputElement>('Width').value).toBe('1024');
    expect(screen.getByLabelText<HTMLInputElement>('Guidance scale').value).toBe('7');
    // An enum with a default is a select showing it; one without offers "Not set" first.
    const format = screen.getByLabelText<HTMLSelectElement>('Output format');
    expect(format.tagName).toBe('SELECT');
    expect(
      within(format)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['png', 'jpeg']);
    expect(format.selectedOptions[0]?.textContent).toBe('png');
    const scheduler = screen.getByLabelText<HTMLSelectElement>('Scheduler');
    expect(
      within(scheduler)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not set', 'euler', 'ddim', 'karras']);
    // The defaults are the input: the JSON view shows them.
    fireEvent.click(screen.getByRole('button', { name: 'JSON' }));
    expect(JSON.parse(screen.getByTestId<HTMLTextAreaElement>('raw-json').value)).toEqual({
      width: 1024,
      guidance_scale: 7,
      output_format: 'png',
    });
  });

  it('keeps the slider and the number box of a bounded number in step', async () => {
    renderModels();
    await openModel(IMAGE_MODEL);
    const slider = within(fieldAt('guidance_scale')).getByRole<HTMLInputElement>('slider', {
      name: 'Guidance scale slider',
    });
    const box = screen.getByLabelText<HTMLInputElement>('Guidance scale');
    expect(slider.min).toBe('0');
    expect(slider.max).toBe('20');
    fireEvent.change(slider, { target: { value: '12.4' } });
    await waitFor(() => expect(box.value).toBe('12.4'));
    fireEvent.change(box, { target: { value: '3' } });
    await waitFor(() => expect(slider.value).toBe('3'));
    // A range too wide for a slider (a 32-bit seed) is a number box with its bounds.
    expect(within(fieldAt('seed')).queryByRole('slider')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Seed').placeholder).toBe('0 – 4294967295');
  });

  it('checks the input against the schema before sending, and sends once it passes', async () => {
    const { calls } = renderModels({ 'models.run': () => ok(runDetail()) });
    await openModel(IMAGE_MODEL);
    const prompt = screen.getByLabelText('Prompt');
    fireEvent.change(screen.getByLabelText('Width'), { target: { value: '4096' } });
    fireEvent.click(screen.getByTestId('run-button'));

    await waitFor(() =>
      expect(within(fieldAt('prompt')).getByTestId('field-errors').textContent).toContain('Required.'),
    );
    expect(within(fieldAt('width')).getByTestId('field-errors').textContent).toContain(
      'Must be at most 2048.',
    );
    expect(screen.getByTestId('input-problems').textContent).toContain('Nothing was sent: 2 problems');
    expect(prompt.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(prompt));
    expect(argsOf(calls, 'models.run')).toEqual([]);

    fireEvent.change(prompt, { target: { value: 'a lighthouse at dusk' } });
    fireEvent.change(screen.getByLabelText('Width'), { target: { value: '2048' } });
    fireEvent.change(screen.getByLabelText('Scheduler'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('run-button'));
    await waitFor(() => expect(argsOf(calls, 'models.run')).toHaveLength(1));
    expect(argsOf(calls, 'models.run')[0]).toEqual({
      profileId: 'demo',
      modelId: IMAGE_MODEL,
      mode: 'sync',
      options: {},
      input: {
        prompt: 'a lighthouse at dusk',
        width: 2048,
        guidance_scale: 7,
        scheduler: 'ddim',
        output_format: 'png',
      },
    });
    await screen.findByTestId('run-result');
  });

  it('sends the chosen provider and strict mode, and in strict mode leaves the model’s schema out of it', async () => {
    const { calls } = renderModels({ 'models.run': () => ok(runDetail()) });
    await openModel(IMAGE_MODEL);
    const strict = screen.getByRole<HTMLInputElement>('checkbox', { name: /Strict mode/ });
    expect(strict.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Alternate provider'), { target: { value: 'kiln' } });
    expect(strict.disabled).toBe(false);
    fireEvent.click(strict);
    expect(screen.getByTestId('strict-note').textContent).toContain(
      'not checked against this model’s schema',
    );
    // No prompt: the native schema would refuse it, but the body is the alternate provider's to judge.
    fireEvent.click(screen.getByTestId('run-button'));
    await waitFor(() => expect(argsOf(calls, 'models.run')).toHaveLength(1));
    expect(argsOf(calls, 'models.run')[0]).toMatchObject({
      mode: 'sync',
      options: { modelProvider: 'kiln', strictMode: true },
    });
  });
});
