// Typed failures of profiles and credentials. Messages say what happened and what to do, and never contain
// a credential: callers may show or log them, and they cross the contract as they are.
import { DomainError } from '../errors';

export type ProfileErrorCode =
  /** The input failed validation; `fields` says which field and why. */
  | 'invalid_profile'
  | 'not_found'
  /** A built-in profile cannot be removed, or this part of it cannot be changed. */
  | 'built_in_readonly'
  /** The Demo profile's address is needed but its server is not running. */
  | 'demo_not_running';

export class ProfileError extends DomainError {
  override readonly name = 'ProfileError';
  declare readonly code: ProfileErrorCode;

  constructor(
    code: ProfileErrorCode,
    message: string,
    /** Per-field messages for `invalid_profile`, keyed by input field name. */
    readonly fields: Readonly<Record<string, readonly string[]>> = {},
  ) {
    super(code, message, { details: { fields } });
  }
}

export type CredentialErrorCode =
  /** The OS keychain cannot be used and the user has not agreed to a session-only credential. */
  | 'keychain_unavailable'
  /** The credential text is not acceptable (empty, too long, line breaks or control characters). */
  | 'invalid_secret';

export class CredentialError extends DomainError {
  override readonly name = 'CredentialError';
  declare readonly code: CredentialErrorCode;
  declare readonly details: { reason?: string; canKeepForSession?: boolean };

  constructor(
    code: CredentialErrorCode,
    message: string,
    details: { reason?: string; canKeepForSession?: boolean } = {},
  ) {
    super(code, message, { details });
  }
}
