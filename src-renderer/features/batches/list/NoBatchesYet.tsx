import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { BatchesIcon } from '../../../components/icons';
import { useUiStore } from '../../../stores/uiStore';
import { SubmitButton } from '../../jobs/actions/SubmitButton';

/** An empty list: what goes here, and the next steps (submit a workflow here, or go to the jobs). */
export function NoBatchesYet({ onFile, submitting }: { onFile: (file: File) => void; submitting: boolean }) {
  const setSection = useUiStore((state) => state.setSection);
  return (
    <EmptyState
      icon={<BatchesIcon />}
      title="No batches yet"
      actions={
        <>
          <SubmitButton variant="primary" onFile={onFile} disabled={submitting} />
          <Button onClick={() => setSection('jobs')}>Go to Jobs</Button>
        </>
      }
    >
      A batch runs one workflow many times (over a folder of inputs or a list of prompts) and keeps every
      submission on disk before it is sent, so nothing is submitted twice or forgotten. Your batches and their
      progress appear here. Each workflow you submit is recorded as a batch of one.
    </EmptyState>
  );
}
