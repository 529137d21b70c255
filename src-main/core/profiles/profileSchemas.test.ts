import { describe, expect, it } from 'vitest';
import { ProfileError } from './errors';
import { parseProfileInput, profileInputSchema, profilePatchSchema } from './profileSchemas';

function fieldsOf(
  input: unknown,
  schema: typeof profileInputSchema | typeof profilePatchSchema = profileInputSchema,
) {
  try {
    parseProfileInput(schema, input);
  } catch (error) {
    if (error instanceof ProfileError) return error.fields;
    throw error;
  }
  throw new Error('expected invalid input');
}

describe('profile input', () => {
  it('fills the self-hosted default address and normalises addresses', () => {
    expect(parseProfileInput(profileInputSchema, { name: ' Home ', surface: 'self-hosted' })).toEqual({
      name: 'Home',
      surface: 'self-hosted',
      baseUrl: 'http://127.0.0.1:8189',
    });
    expect(
      parseProfileInput(profileInputSchema, {
        name: 'M',
        surface: 'managed',
        baseUrl: 'HTTPS://API.Example.com:443/mount/',
        routerBaseUrl: '',
      }),
    ).toEqual({ name: 'M', surface: 'managed', baseUrl: 'https://api.example.com/mount' });
  });

  it.each([
    ['', 'Give the profile a name.'],
    ['x'.repeat(81), 'Keep the name to 80 characters or fewer.'],
    ['line\nbreak', 'The name cannot contain control characters.'],
    [42, 'Give the profile a name.'],
  ])('rejects the name %j with a clear message', (name, message) => {
    expect(fieldsOf({ name, surface: 'self-hosted' })).toEqual({ name: [message] });
  });

  it.each([
    ['ftp://files.example.com', 'Use an address that starts with http:// or https://.'],
    ['api.example.com', 'Enter a full address, such as https://api.example.com.'],
    [
      'https://key:secret@api.example.com',
      "Remove the user name or password from the address; save the API key as the profile's credential.",
    ],
    [
      'https://key@api.example.com',
      "Remove the user name or password from the address; save the API key as the profile's credential.",
    ],
    ['https://api.example.com/#top', "Remove the '#…' part from the address."],
    ['https://api.example.com/?token=x', "Remove the '?…' part from the address."],
  ])('rejects the address %s with a clear message', (baseUrl, message) => {
    expect(fieldsOf({ name: 'M', surface: 'managed', baseUrl })).toEqual({ baseUrl: [message] });
  });

  it('asks for an address on managed and serverless, and names each bad field', () => {
    expect(fieldsOf({ name: 'S', surface: 'serverless' })).toEqual({
      baseUrl: ['Enter the service address; managed and serverless profiles need one.'],
    });
    const fields = fieldsOf({ name: '', surface: 'cloud', baseUrl: 'x', routerBaseUrl: 'mailto:a@b' });
    expect(Object.keys(fields).sort()).toEqual(['baseUrl', 'name', 'routerBaseUrl', 'surface']);
  });

  it('rejects unknown fields, so a credential cannot ride along into the store', () => {
    expect(fieldsOf({ name: 'M', surface: 'self-hosted', apiKey: 'sk-123' })).toHaveProperty('form');
  });

  it('summarises every field in the error message', () => {
    expect(() => parseProfileInput(profileInputSchema, { name: '', surface: 'managed' })).toThrow(
      /name: Give the profile a name\..*baseUrl: Enter the service address/,
    );
  });
});

describe('profile patch', () => {
  it('accepts a partial change and turns an empty router address into "remove it"', () => {
    expect(parseProfileInput(profilePatchSchema, { routerBaseUrl: '' })).toEqual({ routerBaseUrl: null });
    expect(parseProfileInput(profilePatchSchema, { name: 'New' })).toEqual({ name: 'New' });
  });

  it('validates the fields it is given', () => {
    expect(fieldsOf({ baseUrl: 'https://u:p@h' }, profilePatchSchema)).toHaveProperty('baseUrl');
  });
});
