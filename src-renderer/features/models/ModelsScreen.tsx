import { EmptyState } from '../../components/EmptyState';
import { ModelsIcon } from '../../components/icons';

export function ModelsScreen() {
  return (
    <EmptyState icon={<ModelsIcon />} title="No model catalogue yet">
      The Router's partner models appear here when the active profile has a Router address: browse the
      catalogue, read each model's input schema, and run it synchronously or in the queue.
    </EmptyState>
  );
}
