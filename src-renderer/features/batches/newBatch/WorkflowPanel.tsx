import { useState } from 'react';
import { InlineError } from '../../../components/InlineError';
import { TitledError } from '../../../components/TitledError';
import { LoupeCallError } from '../../../lib/callError';
import { visibleText } from '../../../lib/visibleText';
import { jobErrorWords } from '../../jobs/actions/jobErrorWords';
import { FilePickButton } from './FilePickButton';
import type { LoadedText } from './newBatchStore';
import { NodeInputList } from './NodeInputList';
import type { PlacedError } from './planErrorPlace';
import type { ScalarInput, WorkflowReading } from './workflowReading';

interface WorkflowPanelProps {
  workflow: LoadedText;
  reading: WorkflowReading;
  varied: ReadonlySet<string>;
  /** The planner's refusal when it names the workflow itself. */
  error: PlacedError | null;
  onWorkflow: (workflow: LoadedText) => void;
  onPick: (target: string, input: ScalarInput) => void;
  onBind: (target: string) => void;
}

/** The editor's own save, explained with the way out, in the same words a submit of it gets. */
function UiFormatNotice({ fileName }: { fileName: string }) {
  const words = jobErrorWords(
    new LoupeCallError({
      code: 'workflow_format_ui',
      message: `${fileName} is the editor’s own save format: it has "nodes" and "links", which the service cannot run.`,
    }),
    'read this workflow',
  );
  return <TitledError words={words} className="m-3" testId="workflow-ui-format" />;
}

/** The left column: which file, its nodes and the inputs to pick axes from, or why it has none to show. */
export function WorkflowPanel({
  workflow,
  reading,
  varied,
  error,
  onWorkflow,
  onPick,
  onBind,
}: WorkflowPanelProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const name = visibleText(workflow.name);
  return (
    <section aria-label="Workflow" className="flex h-full min-h-0 flex-col">
      <div className="flex h-10 shrink-0 items-center gap-2 border-b border-line px-3">
        <span
          className="min-w-0 flex-1 truncate font-mono text-xs text-fg"
          title={name}
          data-testid="workflow-name"
        >
          {name}
        </span>
        <FilePickButton
          kind="workflow"
          variant="ghost"
          inputLabel="Workflow file"
          testId="new-batch-workflow-input"
          title="Pick another workflow (the axes stay)"
          onFile={onWorkflow}
          onProblem={setProblem}
        >
          Replace…
        </FilePickButton>
      </div>
      {problem === null ? null : (
        <p role="alert" className="px-3 pt-2 text-xs text-state-failed">
          {visibleText(problem)}
        </p>
      )}
      <div className="min-h-0 flex-1 overflow-y-auto">
        {reading.kind === 'ui' ? <UiFormatNotice fileName={workflow.name} /> : null}
        {reading.kind === 'not_json' ? (
          <InlineError
            className="m-3"
            message={`${workflow.name} is not valid JSON (${reading.reason}).`}
            nextStep="A workflow file is the JSON the editor exports in API format."
            code="invalid_workflow_json"
          />
        ) : null}
        {error === null ? null : (
          <InlineError className="m-3" message={error.message} nextStep={error.nextStep} code={error.code} />
        )}
        {reading.kind === 'api' ? (
          <>
            <p className="px-3 pt-2 text-[11px] text-faint">
              Click an input to vary it, or to bind uploaded files to it. Wired inputs carry another node’s
              output and stay as they are.
            </p>
            <NodeInputList nodes={reading.nodes} varied={varied} onPick={onPick} onBind={onBind} />
          </>
        ) : null}
      </div>
    </section>
  );
}
