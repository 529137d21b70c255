import { EmptyState } from '../../components/EmptyState';
import { AssetsIcon } from '../../components/icons';

export function AssetsScreen() {
  return (
    <EmptyState icon={<AssetsIcon />} title="No assets yet">
      Files you upload from Loupe and the outputs of jobs it knows appear here, with their blake3 hash, size
      and expiry. Uploads are hashed first, so bytes the service already has are never sent again.
    </EmptyState>
  );
}
