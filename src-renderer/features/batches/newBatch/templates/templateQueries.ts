// Saved plans (batches.templates): Loupe's own settings, not a profile's, so one key for every profile.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoupeApi } from '../../../../../src-preload/buildApi';
import type { BatchTemplate } from '../../../../../src-shared/contract';
import { unwrap } from '../../../../lib/callError';
import { useLoupe } from '../../../../lib/loupeContext';
import type { TemplatePlan } from './templateDraft';

export const templateKeys = { all: ['batchTemplates'] as const };

export const templatesQuery = (loupe: LoupeApi) =>
  queryOptions({
    queryKey: templateKeys.all,
    queryFn: async (): Promise<BatchTemplate[]> => (await unwrap(loupe.batches.templates())).templates,
    // Only this window changes them, and it says so when it does.
    staleTime: 60_000,
  });

export function useSaveTemplate() {
  const loupe = useLoupe();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: { name: string; plan: TemplatePlan }) => unwrap(loupe.batches.saveTemplate(args)),
    onSuccess: () => void client.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteTemplate() {
  const loupe = useLoupe();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(loupe.batches.deleteTemplate({ id })),
    onSuccess: () => void client.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
