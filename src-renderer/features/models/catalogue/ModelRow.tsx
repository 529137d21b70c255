import { memo } from 'react';
import type { ModelSummary } from '../../../../src-shared/contracts/models';
import { visibleText } from '../../../lib/visibleText';
import { outputKindLabel } from './outputKinds';

export const MODEL_ROW_HEIGHT = 46;

interface ModelRowProps {
  model: ModelSummary;
  top: number;
  cursor: boolean;
  open: boolean;
  onClick: (modelId: string) => void;
}

/** The service's billing facts, as it gives them: `charges_on_policy_rejection: unknown`. */
export function billingLine(billing: Record<string, string>): string {
  return Object.entries(billing)
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${value}`)
    .join(' · ');
}

/** One model: its id, then who provides it, what it makes and its billing facts. */
export const ModelRow = memo(function ModelRow({ model, top, cursor, open, onClick }: ModelRowProps) {
  const billing = visibleText(billingLine(model.billing));
  const outline = cursor && !open ? 'outline outline-1 -outline-offset-1 outline-accent/70' : '';
  return (
    <div
      id={`model-row-${model.id}`}
      role="option"
      aria-selected={open}
      data-model-id={model.id}
      onClick={() => onClick(model.id)}
      className={`absolute inset-x-0 top-0 flex cursor-default flex-col justify-center gap-0.5 border-b border-line/60 px-3 select-none ${
        open ? 'bg-hover shadow-[inset_2px_0_0_var(--accent)]' : 'hover:bg-hover/60'
      } ${outline}`}
      style={{ height: MODEL_ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <span className="truncate font-mono text-xs text-fg" title={model.id}>
        {visibleText(model.id)}
      </span>
      <span className="flex min-w-0 items-center gap-2 text-[11px] text-muted">
        {/* What it makes shows once known (its schema read); an unknown kind is not guessed. */}
        {model.outputKind === null ? null : (
          <span
            className="shrink-0 rounded border border-line px-1 text-[10px] text-faint"
            data-testid="model-kind"
          >
            {outputKindLabel(model.outputKind)}
          </span>
        )}
        <span className="min-w-0 flex-1 truncate text-faint" title={billing} data-testid="model-billing">
          {billing}
        </span>
      </span>
    </div>
  );
});
