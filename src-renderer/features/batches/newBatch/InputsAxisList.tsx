import { Button } from '../../../components/Button';
import { InlineError } from '../../../components/InlineError';
import { visibleText } from '../../../lib/visibleText';
import { plural } from '../batchCounts';
import { BoundThumbs } from './BoundThumbs';
import type { InputsDraft } from './newBatchStore';
import type { PlacedError } from './planErrorPlace';

interface InputsAxisListProps {
  profileId: string;
  inputs: readonly InputsDraft[];
  /** Why no inputs axis can be added (no input in the workflow takes text); null when one can. */
  cannotAdd: string | null;
  /** The planner's refusal, when it names one of these axes. */
  planError: PlacedError | null;
  onAdd: () => void;
  onEdit: (id: number) => void;
  onRemove: (id: number) => void;
}

/**
 * The inputs axes: uploaded files bound to an input, one item per file, each a row with its input, how many
 * files and the first of them; and the way to add one (marked, so the screen can give it the focus back when
 * the row that had it is removed).
 */
export function InputsAxisList({
  profileId,
  inputs,
  cannotAdd,
  planError,
  onAdd,
  onEdit,
  onRemove,
}: InputsAxisListProps) {
  return (
    <div className="space-y-1.5" data-testid="inputs-axes">
      {inputs.length === 0 ? null : (
        <ol className="space-y-1.5" aria-label="Bound files">
          {inputs.map((axis, index) => {
            const label = `Files ${index + 1}`;
            const error =
              planError?.place.kind === 'inputs' && planError.place.inputsId === axis.id ? planError : null;
            return (
              <li
                key={axis.id}
                className="space-y-0.5"
                data-testid="inputs-axis"
                aria-label={`${label}: ${visibleText(axis.target)}, ${plural(axis.assetIds.length, 'asset')}`}
              >
                <div
                  className={`flex h-10 items-center gap-2 rounded border bg-raised/60 pr-1 pl-2 ${
                    error === null ? 'border-line' : 'border-state-failed/70'
                  }`}
                >
                  <span className="font-mono text-xs text-fg" data-testid="inputs-target">
                    {visibleText(axis.target)}
                  </span>
                  <span className="text-xs text-muted tabular-nums" data-testid="inputs-count">
                    {plural(axis.assetIds.length, 'asset')}
                  </span>
                  <BoundThumbs profileId={profileId} assetIds={axis.assetIds} />
                  <span className="flex-1" />
                  <Button
                    variant="ghost"
                    aria-label={`Edit ${label.toLowerCase()}`}
                    onClick={() => onEdit(axis.id)}
                  >
                    Edit…
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={`Remove ${label.toLowerCase()}`}
                    title="Remove this axis (the assets stay in Assets)"
                    onClick={() => onRemove(axis.id)}
                  >
                    ×
                  </Button>
                </div>
                {error === null ? null : (
                  <InlineError message={error.message} nextStep={error.nextStep} code={error.code} />
                )}
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" disabled={cannotAdd !== null} onClick={onAdd} data-add-inputs>
          + Add inputs…
        </Button>
        <p className="text-[11px] text-faint">
          {cannotAdd ?? 'Uploaded files bound to an input (a LoadImage node’s image): one item per file.'}
        </p>
      </div>
    </div>
  );
}
