// Why a keep failed, in words a person can act on (keep_message). Never a raw service message or a path.
import { isApiError } from '../../api';
import { DomainError } from '../../errors';
import { ProfileError } from '../../profiles';

/** A keep refused before any byte moved (the budget), or a download that was not the whole file. */
export class KeepRefusal extends Error {}

export function keepFailureWords(error: unknown): string {
  if (error instanceof KeepRefusal) return error.message;
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (code === 'ENOSPC')
    return 'The disk is full, so the copy could not be kept. Free some space and keep it again.';
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM')
    return 'Loupe may not write into its library folder (it is read-only). Check the folder’s permissions.';
  if (code === 'EDQUOT') return 'Your disk quota is used up, so the copy could not be kept.';
  if (error instanceof DomainError && error.code === 'download_corrupt')
    return 'The bytes received do not match the entry’s hash, so they were not kept. Keep it again; if it keeps failing, the service’s copy may be damaged.';
  if (error instanceof DomainError && error.code === 'download_too_large')
    return 'The service sent more bytes than it announced, so the download was cut off and nothing was kept. Keep it again; if it keeps failing, the service’s copy may be damaged.';
  if (error instanceof DomainError && error.code === 'download_incomplete')
    return 'The download ended early, so nothing was kept. Keep it again.';
  if (isApiError(error)) {
    if (error.kind === 'http' && (error.status === 404 || error.status === 410))
      return 'The service no longer has it (deleted or past its retention), so it can no longer be kept.';
    if (error.kind === 'http' && (error.status === 401 || error.status === 403))
      return 'The service refused access to this output. Check the profile’s credential.';
    if (error.kind === 'timeout') return 'The service did not answer in time. Keep it again later.';
    if (error.kind === 'network')
      return 'The service could not be reached (offline?). Keep it again when online.';
    return 'The output could not be fetched from the service. Keep it again later.';
  }
  if (error instanceof ProfileError) {
    return error.code === 'demo_not_running'
      ? 'The Demo server is not running. Open the Demo profile and keep it again.'
      : 'Its profile is gone, so there is nowhere to fetch it from.';
  }
  return 'The copy could not be kept. Keep it again; if it keeps failing, see the log.';
}
