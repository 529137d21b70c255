import { EmptyState } from '../../components/EmptyState';
import { BatchesIcon } from '../../components/icons';

export function BatchesScreen() {
  return (
    <EmptyState icon={<BatchesIcon />} title="No batches yet">
      A batch runs one workflow many times (over a folder of inputs or a list of prompts) and keeps every
      submission on disk before it is sent, so nothing is submitted twice or forgotten. Your batches and their
      progress appear here.
    </EmptyState>
  );
}
