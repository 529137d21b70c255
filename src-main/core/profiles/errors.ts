// Typed failures of profiles and credentials. Messages say what happened and what to do, and never contain
// a credential: callers may show or log them, and they cross the contract as they are.
import type { ContractError } from '../../../src-shared/protocol';

export type ProfileErrorCode =
  /** The input failed validation; `fields` says which field and why. */
  | 'invalid_profile'
  | 'not_found'
  /** A built-in profile cannot be removed, or this part of it cannot be changed. */
  | 'built_in_readonly'
  /** The Demo profile's address is needed but its server is not running. */
  | 'demo_not_running';

export class ProfileError extends Error {
  override readonly name = 'ProfileError';

  constructor(
    readonly code: ProfileErrorCode,
    message: string,
    /** Per-field messages for `invalid_profile`, keyed by input field name. */
    readonly fields: Readonly<Record<string, readonly string[]>> = {},
  ) {
    super(message);
  }

  toContractError(): ContractError {
    return { code: this.code, message: this.message, details: { fields: this.fields } };
  }
}

export type CredentialErrorCode =
  /** The OS keychain cannot be used and the user has not agreed to a session-only credential. */
  | 'keychain_unavailable'
  /** The credential text is not acceptable (empty, too long, line breaks or control characters). */
  | 'invalid_secret';

export class CredentialError extends Error {
  override readonly name = 'CredentialError';

  constructor(
    readonly code: CredentialErrorCode,
    message: string,
    readonly details: { reason?: string; canKeepForSession?: boolean } = {},
  ) {
    super(message);
  }

  toContractError(): ContractError {
    return { code: this.code, message: this.message, details: this.details };
  }
}
