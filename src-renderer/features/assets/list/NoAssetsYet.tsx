import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { AssetsIcon } from '../../../components/icons';

/** The empty list: what goes here and the next step (drop or pick files). */
export function NoAssetsYet({ actions }: { actions: ReactNode }) {
  return (
    <EmptyState icon={<AssetsIcon />} title="No assets yet" actions={actions}>
      Files you upload from Loupe and the outputs of jobs it knows appear here, with their blake3 hash, size
      and expiry. Drop files or folders anywhere on this window to upload them: each is hashed first, so bytes
      the service already holds are never sent again.
    </EmptyState>
  );
}
