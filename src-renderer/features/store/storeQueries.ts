import { queryOptions } from '@tanstack/react-query';
import type { LoupeApi } from '../../../src-preload/buildApi';
import { unwrap } from '../../lib/callError';

export const storeStatusKey = ['store', 'status'] as const;

export const storeStatusQuery = (loupe: LoupeApi) =>
  queryOptions({
    queryKey: storeStatusKey,
    queryFn: () => unwrap(loupe.store.status()),
    // Asked again only when a call says the store went bad, or after a recovery.
    staleTime: Infinity,
    retry: false,
  });

/** The codes that mean "look at store.status": the store itself is damaged (not a full disk, which passes). */
export const STORE_UNUSABLE_CODES: ReadonlySet<string> = new Set(['store_damaged', 'schema_too_new']);
