import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/Button';
import { INPUT_CLASS } from '../../../components/FormField';
import { InlineError } from '../../../components/InlineError';
import { visibleText } from '../../../lib/visibleText';
import { FilePickButton } from './FilePickButton';
import type { SweepDraft } from './newBatchStore';
import type { PlacedError } from './planErrorPlace';
import { listFromLines, withSpec } from './sweepText';

interface SweepRowProps {
  sweep: SweepDraft;
  index: number;
  /** What the page itself refuses (too short, too long). */
  localError: string | undefined;
  /** The planner's refusal, when it names this axis. */
  planError: PlacedError | null;
  /** Changes when the screen wants this field focused (it was just added, or its input clicked again). */
  focusRequest: number | null;
  onChange: (text: string) => void;
  onRemove: () => void;
}

/** One `NODE.INPUT=SPEC` axis: its text, the planner's word on it right under it, and a way out. */
export function SweepRow({
  sweep,
  index,
  localError,
  planError,
  focusRequest,
  onChange,
  onRemove,
}: SweepRowProps) {
  const field = useRef<HTMLInputElement>(null);
  const noteId = useId();
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const label = `Sweep ${index + 1}`;

  useEffect(() => {
    const input = field.current;
    if (focusRequest === null || input === null) return;
    input.focus();
    // The values are selected, so typing replaces the first guess and Enter keeps it.
    const equals = input.value.indexOf('=');
    input.setSelectionRange(equals === -1 ? input.value.length : equals + 1, input.value.length);
  }, [focusRequest]);

  const invalid = localError !== undefined || planError !== null;
  return (
    <li className="space-y-0.5" data-testid="sweep" data-sweep-id={sweep.id}>
      <div className="flex items-center gap-1.5">
        <input
          ref={field}
          className={`${INPUT_CLASS} font-mono`}
          aria-label={label}
          aria-invalid={invalid}
          aria-describedby={invalid || fileProblem !== null ? noteId : undefined}
          value={sweep.text}
          placeholder="3.seed=1..8"
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
        />
        <FilePickButton
          kind="values"
          variant="ghost"
          inputLabel={`Values for ${label} from a text file`}
          testId="sweep-values-input"
          title="Use a text file's lines as the values, one value per line"
          onFile={(file) => onChange(withSpec(sweep.text, listFromLines(file.text)))}
          onProblem={setFileProblem}
        >
          From file…
        </FilePickButton>
        <Button
          variant="ghost"
          aria-label={`Remove ${label.toLowerCase()}`}
          title="Remove this axis"
          onClick={onRemove}
        >
          ×
        </Button>
      </div>
      <div id={noteId}>
        {localError === undefined ? null : <p className="text-[11px] text-state-failed">{localError}</p>}
        {fileProblem === null ? null : (
          <p className="text-[11px] text-state-failed">{visibleText(fileProblem)}</p>
        )}
        {planError === null ? null : (
          <InlineError message={planError.message} nextStep={planError.nextStep} code={planError.code} />
        )}
      </div>
    </li>
  );
}
