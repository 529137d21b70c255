import { LinkButton } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { TitledError } from '../../../components/TitledError';
import { visibleText } from '../../../lib/visibleText';
import { jobErrorWords } from './jobErrorWords';
import type { WorkflowSubmitter } from './useSubmitWorkflow';

/** While a submit runs: which file. When it failed: what happened and what to do, with a way to dismiss. */
export function SubmitOutcome({ submitter }: { submitter: WorkflowSubmitter }) {
  const { mutation } = submitter;
  const name = mutation.variables ? visibleText(mutation.variables.name) : 'the workflow';
  if (mutation.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 border-b border-line px-3 py-2 text-xs text-muted">
        <Spinner /> Submitting {name}…
      </p>
    );
  }
  if (!mutation.isError) return null;
  const words = jobErrorWords(mutation.error, `submit ${name}`);
  return (
    <TitledError
      words={words}
      testId="submit-error"
      className="border-b border-state-failed/30 bg-state-failed/5 px-3 py-2"
      actions={<LinkButton onClick={() => mutation.reset()}>Dismiss</LinkButton>}
    />
  );
}
