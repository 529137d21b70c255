import { queryOptions } from '@tanstack/react-query';
import type { LoupeApi } from '../../src-preload/buildApi';
import { unwrap } from '../lib/callError';

export const appInfoQuery = (loupe: LoupeApi) =>
  queryOptions({
    queryKey: ['app', 'info'],
    queryFn: () => unwrap(loupe.app.info()),
    staleTime: Infinity,
  });

export const profilesQuery = (loupe: LoupeApi) =>
  queryOptions({
    queryKey: ['profiles'],
    queryFn: () => unwrap(loupe.profiles.list()),
  });
