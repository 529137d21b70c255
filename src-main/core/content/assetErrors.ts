// The asset failures a person needs explained in words (NOTES: DELETE 204/409/404, owner scoping), as typed
// contract errors with the service's status kept.
import { isApiError } from '../api';
import { DomainError } from '../errors';

export function noActiveProfile(): DomainError {
  return new DomainError('no_active_profile', 'Choose a profile first: assets belong to a profile.');
}

export function assetNotFound(assetId: string, context: 'read' | 'delete'): DomainError {
  const message =
    context === 'delete'
      ? `Asset ${assetId} is already gone. It was deleted before (deleting an asset a second time finds ` +
        'nothing), it expired, or it belongs to another account. Loupe no longer lists it.'
      : `The service has no asset ${assetId} for this profile. It never existed, was deleted, expired, or ` +
        'belongs to another account.';
  return new DomainError('asset_not_found', message, { status: 404 });
}

export function assetInUse(assetId: string): DomainError {
  return new DomainError(
    'asset_in_use',
    `The service still needs asset ${assetId}, so it cannot be deleted. Job outputs are kept for as long as ` +
      'their job is, and an asset under review is held too; the service does not say which applies. ' +
      'Nothing was changed.',
    { status: 409 },
  );
}

export function invalidLookup(): DomainError {
  return new DomainError(
    'invalid_query',
    'Enter an asset id (such as 3f2a…-…) or a hash written blake3: followed by 64 hexadecimal digits.',
  );
}

export function hashNotFound(hash: string): DomainError {
  return new DomainError(
    'asset_not_found',
    `Neither Loupe nor the service knows any asset of this profile with the hash ${hash}.`,
    { status: 404 },
  );
}

export function isHttpStatus(error: unknown, status: number): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === status;
}

/** The service could not be asked (offline, timed out): Loupe may answer from memory instead. */
export function isUnreachable(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
}
