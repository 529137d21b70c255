// The JSON view of a model's input: one input seen two ways, so edits survive switching either way, and
// text that does not read as JSON is kept as typed, said to be wrong, and never sent.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { argsOf, openModel, withModelsLayout } from '../testing/modelPage';
import { ok, renderModels } from '../testing/renderModels';
import { IMAGE_MODEL, runDetail } from '../testing/sampleModels';

withModelsLayout();

const rawText = () => screen.getByTestId<HTMLTextAreaElement>('raw-json');
const toJson = () => fireEvent.click(screen.getByRole('button', { name: 'JSON' }));
const toForm = () => fireEvent.click(screen.getByRole('button', { name: 'Form' }));

describe('the raw JSON view', () => {
  it('carries form edits into the JSON, and JSON edits back into the form', async () => {
    renderModels();
    await openModel(IMAGE_MODEL);
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'harbour at night' } });
    fireEvent.change(screen.getByLabelText('Width'), { target: { value: '512' } });
    toJson();
    expect(screen.getByRole('button', { name: 'JSON' }).getAttribute('aria-pressed')).toBe('true');
    const value = JSON.parse(rawText().value) as Record<string, unknown>;
    expect(value).toMatchObject({ prompt: 'harbour at night', width: 512 });

    fireEvent.change(rawText(), {
      target: { value: JSON.stringify({ ...value, prompt: 'harbour at dawn', scheduler: 'karras' }) },
    });
    toForm();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Prompt').value).toBe('harbour at dawn');
    expect(screen.getByLabelText<HTMLSelectElement>('Scheduler').selectedOptions[0]?.textContent).toBe(
      'karras',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Width').value).toBe('512');
    // …and back again: nothing was lost on the way.
    toJson();
    expect(JSON.parse(rawText().value)).toMatchObject({
      prompt: 'harbour at dawn',
      scheduler: 'karras',
      width: 512,
    });
  });

  it('keeps text that is not JSON, says why, and neither switches nor runs until it reads', async () => {
    const { calls } = renderModels({ 'models.run': () => ok(runDetail()) });
    await openModel(IMAGE_MODEL);
    toJson();
    const broken = '{ "prompt": "fog", "width": 512,';
    fireEvent.change(rawText(), { target: { value: broken } });
    expect(screen.getByTestId('raw-json-error').textContent).toMatch(
      /This is not valid JSON: .+Your text is kept/,
    );
    expect(rawText().getAttribute('aria-invalid')).toBe('true');

    toForm();
    expect(screen.getByTestId('switch-refused').textContent).toContain('fix the text below first');
    expect(rawText().value).toBe(broken);
    expect(screen.getByRole('button', { name: 'JSON' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByTestId('run-button'));
    expect(rawText().value).toBe(broken);
    expect(document.activeElement).toBe(rawText());
    expect(argsOf(calls, 'models.run')).toEqual([]);

    fireEvent.change(rawText(), { target: { value: `${broken.slice(0, -1)} }` } });
    expect(screen.queryByTestId('raw-json-error')).toBeNull();
    toForm();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Prompt').value).toBe('fog');
    fireEvent.click(screen.getByTestId('run-button'));
    await waitFor(() =>
      expect(argsOf(calls, 'models.run')).toEqual([
        expect.objectContaining({ input: { prompt: 'fog', width: 512 } }),
      ]),
    );
  });

  it('checks JSON against the schema too, naming each field, before anything is sent', async () => {
    const { calls } = renderModels({ 'models.run': () => ok(runDetail()) });
    await openModel(IMAGE_MODEL);
    toJson();
    fireEvent.change(rawText(), { target: { value: '{"width": 99, "colour": "red"}' } });
    fireEvent.click(screen.getByTestId('run-button'));
    const issues = screen.getByTestId('raw-json-issues').textContent;
    expect(issues).toContain('prompt: Required.');
    expect(issues).toContain('width: Must be at least 256.');
    expect(issues).toContain('colour: This model takes no field named “colour”.');
    expect(argsOf(calls, 'models.run')).toEqual([]);
  });
});
