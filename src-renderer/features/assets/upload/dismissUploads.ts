// Dismissing a card ends both halves of it: the page's work on its files (uploadsStore) and main's plan for it
// (uploadPlans), which is kept for as long as the card is shown and so would otherwise stay for good.
import type { QueryClient } from '@tanstack/react-query';
import { forgetPlans } from './uploadPlans';
import { useUploads } from './uploadsStore';

export function dismissUploads(client: QueryClient, uploadIds: readonly string[]): void {
  useUploads.getState().dismiss(uploadIds);
  forgetPlans(client, uploadIds);
}
