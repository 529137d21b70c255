// What a profile may contain. Inputs from the renderer or the CLI are parsed here, and a failure reports a
// message per field that the settings form shows next to the field.
import { z } from 'zod';
import { surfaceSchema, type BuiltIn, type Surface } from '../store';
import { ProfileError } from './errors';

export const defaultSelfHostedUrl = 'http://127.0.0.1:8189';

export { surfaceSchema, type Surface, type BuiltIn };

export interface Profile {
  id: string;
  name: string;
  surface: Surface;
  /**
   * Where the service answers. Null only for the Demo profile while its server is not running: the host
   * starts the simulator on a free port and the address is known from then on.
   */
  baseUrl: string | null;
  routerBaseUrl?: string;
  hasCredential: boolean;
  /**
   * The user chose to send this profile's own key with workflows that use partner nodes, so those nodes bill
   * the account (issue 20). Off unless chosen. Only the choice: the key itself never leaves main.
   */
  sendPartnerKey: boolean;
  builtIn?: BuiltIn;
}

/** C0 controls and DEL (and, with `c1`, the C1 range): line breaks, escapes, NULs that have no place in a field. */
export function hasControlCharacter(text: string, c1 = false): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || (c1 && code >= 0x80 && code <= 0x9f)) return true;
  }
  return false;
}

export const profileNameSchema = z
  .string({ error: 'Give the profile a name.' })
  .trim()
  .min(1, 'Give the profile a name.')
  .max(80, 'Keep the name to 80 characters or fewer.')
  .refine((name) => !hasControlCharacter(name, true), 'The name cannot contain control characters.');

/**
 * A service address: http(s), no user name or password (the credential goes to the keychain), no query and
 * no fragment. Normalised to scheme://host[:port][/mount-prefix] without a trailing slash, so joining paths
 * to it never doubles a slash.
 */
export const serviceUrlSchema = z
  .string({ error: 'Enter the service address.' })
  .trim()
  .max(2048, 'The address is longer than 2048 characters.')
  .transform((text, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (!URL.canParse(text)) return fail('Enter a full address, such as https://api.example.com.');
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return fail('Use an address that starts with http:// or https://.');
    }
    if (url.username !== '' || url.password !== '' || /^[a-z][a-z0-9+.-]*:\/\/[^/]*@/i.test(text)) {
      return fail(
        "Remove the user name or password from the address; save the API key as the profile's credential.",
      );
    }
    if (text.includes('?')) return fail("Remove the '?…' part from the address.");
    if (text.includes('#')) return fail("Remove the '#…' part from the address.");
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  });

/** A yes or no, never a truthy string: "false" must not turn the choice on. */
export const sendPartnerKeySchema = z.boolean({
  error: 'Say yes or no (true or false) to sending the key with partner-node workflows.',
});

/** The field an issue is about; zod leaves `path` unset on some issues while parsing is under way. */
function firstPathKey(issue: { path?: readonly PropertyKey[] }): string {
  return String(issue.path?.[0]);
}

/** An empty optional field in a form means "not set". */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const profileInputSchema = z
  .strictObject({
    name: profileNameSchema,
    surface: surfaceSchema,
    baseUrl: z.preprocess(blankToUndefined, serviceUrlSchema.optional()),
    routerBaseUrl: z.preprocess(blankToUndefined, serviceUrlSchema.optional()),
    sendPartnerKey: sendPartnerKeySchema.optional(),
  })
  .refine((input) => input.surface === 'self-hosted' || input.baseUrl !== undefined, {
    path: ['baseUrl'],
    message: 'Enter the service address; managed and serverless profiles need one.',
    // Run even when other fields failed, so the form shows every problem at once; but only once surface and
    // address themselves parsed, since this check reads them.
    when: (payload) => payload.issues.every((issue) => !['surface', 'baseUrl'].includes(firstPathKey(issue))),
  })
  .transform((input) => ({ ...input, baseUrl: input.baseUrl ?? defaultSelfHostedUrl }));
export type ProfileInput = z.input<typeof profileInputSchema>;

export const profilePatchSchema = z.strictObject({
  name: profileNameSchema.optional(),
  surface: surfaceSchema.optional(),
  baseUrl: serviceUrlSchema.optional(),
  /** Null (or an empty string) removes the Router address. */
  routerBaseUrl: z.preprocess(blankToNull, serviceUrlSchema.nullable().optional()),
  sendPartnerKey: sendPartnerKeySchema.optional(),
});
export type ProfilePatch = z.input<typeof profilePatchSchema>;

/** Parses with `schema`, turning a failure into ProfileError('invalid_profile') with messages per field. */
export function parseProfileInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    (fields[field] ??= []).push(issue.message);
  }
  const summary = Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; ');
  throw new ProfileError('invalid_profile', `The profile is not valid. ${summary}`, fields);
}
