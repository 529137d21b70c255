import { Button } from '../../../components/Button';
import type { SweepDraft } from './newBatchStore';
import type { PlacedError } from './planErrorPlace';
import { SweepRow } from './SweepRow';

export interface FocusRequest {
  sweepId: number;
  /** A new number each time, so asking to focus the same field twice works twice. */
  nonce: number;
}

interface SweepListProps {
  sweeps: readonly SweepDraft[];
  localErrors: ReadonlyMap<number, string>;
  planError: PlacedError | null;
  focus: FocusRequest | null;
  onChange: (id: number, text: string) => void;
  onRemove: (id: number) => void;
  onAdd: () => void;
}

/** The sweep axes, first outermost, each with its errors beside it; and how to write one. */
export function SweepList({
  sweeps,
  localErrors,
  planError,
  focus,
  onChange,
  onRemove,
  onAdd,
}: SweepListProps) {
  return (
    <div className="space-y-1.5">
      {sweeps.length === 0 ? (
        <p className="text-xs text-muted">
          No sweeps yet. Click an input in the workflow on the left, or add one and write NODE.INPUT=VALUES.
        </p>
      ) : (
        <ol className="space-y-1.5" aria-label="Sweeps">
          {sweeps.map((sweep, index) => (
            <SweepRow
              key={sweep.id}
              sweep={sweep}
              index={index}
              localError={localErrors.get(sweep.id)}
              planError={
                planError?.place.kind === 'sweep' && planError.place.sweepId === sweep.id ? planError : null
              }
              focusRequest={focus?.sweepId === sweep.id ? focus.nonce : null}
              onChange={(text) => onChange(sweep.id, text)}
              onRemove={() => onRemove(sweep.id)}
            />
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" onClick={onAdd}>
          + Add a sweep
        </Button>
        <p className="text-[11px] text-faint">
          <span className="font-mono">1..8</span> · <span className="font-mono">1..100:5</span> ·{' '}
          <span className="font-mono">0.5..2:0.25</span> · <span className="font-mono">a,b,c</span> (
          <span className="font-mono">\,</span> for a comma in a value)
        </p>
      </div>
    </div>
  );
}
