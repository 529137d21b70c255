import { describe, expect, it } from 'vitest';
import { LoupeCallError } from '../lib/callError';
import { errorText } from './errorText';

describe('errorText', () => {
  it('says what to do when the service sent an answer too large to read', () => {
    const text = errorText(
      new LoupeCallError({
        code: 'response_too_large',
        message: 'The service’s answer was larger than 8.39 MB.',
      }),
    );
    expect(text.code).toBe('response_too_large');
    expect(text.message).toContain('larger than');
    expect(text.nextStep).toMatch(/stopped reading .* address points at the service itself/);
  });

  it('says how to make a call too large for the host smaller', () => {
    const text = errorText(new LoupeCallError({ code: 'call_too_large', message: 'This request is 20 MB.' }));
    expect(text.nextStep).toMatch(/upload the file in Assets/);
  });
});
