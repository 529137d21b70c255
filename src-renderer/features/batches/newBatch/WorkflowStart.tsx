import { useState, type ReactNode } from 'react';
import { BatchesIcon } from '../../../components/icons';
import { visibleText } from '../../../lib/visibleText';
import { FilePickButton } from './FilePickButton';
import type { LoadedText } from './newBatchStore';

interface WorkflowStartProps {
  onWorkflow: (workflow: LoadedText) => void;
  /** The saved templates, the other way to start. */
  templates?: ReactNode;
}

/** Before there is a workflow: what this screen does, and the next step (pick or drop one, or a template). */
export function WorkflowStart({ onWorkflow, templates }: WorkflowStartProps) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="flex h-full items-center justify-center p-8" data-testid="new-batch-start">
      <div className="w-full max-w-lg rounded-lg border-2 border-dashed border-line px-10 py-9 text-center">
        <div className="mb-3 flex justify-center text-faint">
          <BatchesIcon />
        </div>
        <h3 className="mb-2 text-base font-semibold text-fg">Start from a workflow</h3>
        <p className="text-sm leading-relaxed text-muted">
          Drop an API-format workflow (.json) here, or pick one. Its nodes and inputs are listed; click the
          ones to vary, and the preview shows every item before anything is sent.
        </p>
        <div className="mt-5 flex justify-center">
          <FilePickButton
            kind="workflow"
            variant="primary"
            autoFocus
            inputLabel="Workflow file"
            testId="new-batch-workflow-input"
            onFile={onWorkflow}
            onProblem={setProblem}
          >
            Pick a workflow…
          </FilePickButton>
        </div>
        {problem === null ? null : (
          <p role="alert" className="mt-3 text-xs text-state-failed">
            {visibleText(problem)}
          </p>
        )}
        {templates}
      </div>
    </div>
  );
}
