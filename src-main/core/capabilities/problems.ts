// The words a connection test uses when something is wrong: what happened, at which address, and what the
// person can do next (ARCHITECTURE "The look": every error says what happened and what to do). The raw
// ApiError code stays out of these messages; the report carries its own stable problem codes.
import type { ApiError, Surface } from '../api';

export interface Problem {
  code: string;
  message: string;
}

/** host[:port] of an address, for messages; the address itself when it is not a URL. */
export function displayHost(address: string): string {
  return URL.parse(address)?.host ?? address;
}

/** What to try next when nothing answers, which depends on who runs the server. */
function whatToDoWhenSilent(surface: Surface): string {
  return surface === 'self-hosted'
    ? 'Start the local proxy, or pick another profile.'
    : 'Check the address and your network connection, or pick another profile.';
}

export function unreachable(surface: Surface, host: string, error: ApiError): Problem {
  if (error.kind === 'timeout') {
    const seconds = Math.max(1, Math.round(timeoutOf(error) / 1000));
    return {
      code: 'timeout',
      message: `${host} did not answer within ${seconds} s. ${whatToDoWhenSilent(surface)}`,
    };
  }
  if (error.notSent) {
    return { code: 'unreachable', message: `Nothing answers at ${host}. ${whatToDoWhenSilent(surface)}` };
  }
  return {
    code: 'connection_failed',
    message: `The connection to ${host} broke off before it answered. Try again, or check that ${host} is the service.`,
  };
}

function timeoutOf(error: ApiError): number {
  const details = error.details;
  if (typeof details === 'object' && details !== null && 'timeoutMs' in details) {
    const value = details.timeoutMs;
    if (typeof value === 'number') return value;
  }
  return 0;
}

export function credentialRejected(host: string, credentialSaved: boolean): Problem {
  return credentialSaved
    ? {
        code: 'credential_rejected',
        message: `${host} did not accept the saved API key. Check the key in this profile, or set a new one.`,
      }
    : {
        code: 'credential_missing',
        message: `${host} needs an API key. Add one to this profile.`,
      };
}

export function forbidden(host: string): Problem {
  return {
    code: 'forbidden',
    message: `${host} accepted the API key but does not allow it to use jobs. Check the key's permissions.`,
  };
}

export function notTheService(host: string): Problem {
  return {
    code: 'not_the_service',
    message: `Something answers at ${host}, but not the job API. Check the address and any mount prefix.`,
  };
}

export function serviceError(host: string, error: ApiError): Problem {
  if (error.status === 429) {
    const wait =
      error.retryAfterMs === null ? '' : ` in ${Math.max(1, Math.ceil(error.retryAfterMs / 1000))} s`;
    return { code: 'busy', message: `${host} is busy right now. Test again${wait}.` };
  }
  return {
    code: 'service_error',
    message: `${host} answered, but with an error (HTTP ${error.status}). Try again in a moment.`,
  };
}

/** The key check got no verdict (a busy or failing service): the rest may be fine, but say so. */
export function credentialUnchecked(host: string, error: ApiError): Problem {
  const cause = serviceError(host, error);
  return { code: cause.code, message: `The API key could not be checked: ${cause.message}` };
}

export function credentialUnavailable(): Problem {
  return {
    code: 'credential_unavailable',
    message:
      'The saved API key could not be read from the keychain, so nothing was sent. Unlock the keychain and test again.',
  };
}

export function invalidAddress(message: string): Problem {
  return { code: 'invalid_address', message };
}
