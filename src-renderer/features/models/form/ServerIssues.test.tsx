// A 422 from the Router on the form: each `loc` lands on its field with the provider's `msg`, the provider's
// `type` one click away, and a field's refusal goes once that field is changed.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldAt, openModel, withModelsLayout } from '../testing/modelPage';
import { ok, renderModels } from '../testing/renderModels';
import { IMAGE_MODEL, runDetail } from '../testing/sampleModels';
import type { JsonValue } from './inputDraft';

withModelsLayout();

const refused = (input: JsonValue) =>
  runDetail({
    state: 'failed',
    input,
    output: null,
    creditsUsed: null,
    errorBucket: 'invalid_input',
    error: {
      status: 422,
      bucket: 'invalid_input',
      message: 'The model refused the input: 2 fields are not what it accepts.',
      detail: null,
      upstreamStatus: null,
      retryable: false,
      validation: [
        {
          loc: ['body', 'prompt'],
          msg: 'String should have at most 8 characters',
          type: 'string_too_long',
          ctx: { max_length: 8 },
        },
        {
          loc: ['body', 'guidance_scale'],
          msg: 'Input should be less than or equal to 10',
          type: 'less_than_equal',
          ctx: { le: 10 },
        },
        {
          loc: ['body', 'style_preset'],
          msg: 'Extra inputs are not permitted',
          type: 'extra_forbidden',
          ctx: null,
        },
      ],
    },
  });

describe('a 422 from the Router', () => {
  it('puts each refusal on the field its loc names, with the provider’s type one click away', async () => {
    let sent: JsonValue = {};
    renderModels({
      'models.run': (args) => {
        sent = (args as { input: JsonValue }).input;
        return ok(refused(sent));
      },
    });
    await openModel(IMAGE_MODEL);
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a lighthouse at dusk' } });
    fireEvent.change(screen.getByLabelText('Guidance scale'), { target: { value: '15' } });
    fireEvent.click(screen.getByTestId('run-button'));

    const promptErrors = await waitFor(() => within(fieldAt('prompt')).getByTestId('field-errors'));
    expect(promptErrors.textContent).toContain('The model says: String should have at most 8 characters');
    expect(within(fieldAt('guidance_scale')).getByTestId('field-errors').textContent).toContain(
      'Input should be less than or equal to 10',
    );
    expect(within(fieldAt('width')).queryByTestId('field-errors')).toBeNull();
    expect(screen.getByLabelText('Prompt').getAttribute('aria-invalid')).toBe('true');
    // The run's error says what happened; the field it could not place is pointed to.
    expect(screen.getByTestId('run-error').textContent).toContain(
      'Each field it named is marked in the form above.',
    );
    expect(screen.getByTestId('run-bar').textContent).toContain(
      'The model also named a field the form does not show',
    );

    // The provider's own reason: one click away.
    expect(within(fieldAt('prompt')).queryByTestId('issue-details')).toBeNull();
    fireEvent.click(within(fieldAt('prompt')).getByRole('button', { name: 'Details' }));
    expect(within(fieldAt('prompt')).getByTestId('issue-details').textContent).toContain(
      'type: string_too_long',
    );
    expect(within(fieldAt('prompt')).getByTestId('issue-details').textContent).toContain('"max_length":8');

    // Changing the field answers its refusal; the other stays until it is changed too.
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a gull' } });
    await waitFor(() => expect(within(fieldAt('prompt')).queryByTestId('field-errors')).toBeNull());
    expect(within(fieldAt('guidance_scale')).getByTestId('field-errors')).toBeTruthy();
  });

  it('lists the refusals by field in the JSON view', async () => {
    renderModels({ 'models.run': (args) => ok(refused((args as { input: JsonValue }).input)) });
    await openModel(IMAGE_MODEL);
    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'a lighthouse at dusk' } });
    fireEvent.click(screen.getByTestId('run-button'));
    await screen.findByTestId('run-error');
    fireEvent.click(screen.getByRole('button', { name: 'JSON' }));
    const listed = screen.getByTestId('raw-json-issues').textContent;
    expect(listed).toContain(
      'prompt: the model says String should have at most 8 characters (string_too_long)',
    );
    expect(listed).toContain('style_preset: the model says Extra inputs are not permitted (extra_forbidden)');
  });
});
