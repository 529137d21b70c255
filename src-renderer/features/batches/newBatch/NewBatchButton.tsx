import { Button } from '../../../components/Button';
import { useNewBatch } from './newBatchStore';

/** Opens the New batch screen: one workflow, the inputs to vary, and a preview of what will run. */
export function NewBatchButton({ variant = 'secondary' }: { variant?: 'primary' | 'secondary' }) {
  const openNewBatch = useNewBatch((state) => state.openNewBatch);
  return (
    <Button
      variant={variant}
      title="Plan a batch: one workflow run over the values you choose (Ctrl+N)"
      aria-keyshortcuts="Control+N Meta+N"
      data-new-batch-button
      onClick={openNewBatch}
    >
      New batch
    </Button>
  );
}
