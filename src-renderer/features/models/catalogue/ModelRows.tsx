import type { KeyboardEvent } from 'react';
import type { ModelSummary } from '../../../../src-shared/contracts/models';
import { VirtualListbox } from '../../../components/VirtualListbox';
import { useVirtualRows } from '../../../hooks/useVirtualRows';
import { MODEL_ROW_HEIGHT, ModelRow } from './ModelRow';

interface ModelRowsProps {
  models: readonly ModelSummary[];
  openId: string | null;
  cursorId: string | null;
  onCursor: (modelId: string) => void;
  onOpen: (modelId: string) => void;
}

/** A catalogue can be long: only the rows on screen are drawn. ↑/↓ (Home/End) move, Enter opens. */
export function ModelRows({ models, openId, cursorId, onCursor, onOpen }: ModelRowsProps) {
  const { scroller, virtualizer } = useVirtualRows(models, { rowHeight: MODEL_ROW_HEIGHT, cursorId });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = models.findIndex((model) => model.id === cursorId);
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    let next: ModelSummary | undefined;
    if (event.key in step)
      next = models[Math.min(models.length - 1, Math.max(0, (at < 0 ? -1 : at) + (step[event.key] ?? 0)))];
    else if (event.key === 'Home') next = models[0];
    else if (event.key === 'End') next = models[models.length - 1];
    else if (event.key === 'Enter' && cursorId !== null) {
      event.preventDefault();
      onOpen(cursorId);
      return;
    } else return;
    event.preventDefault();
    if (next) onCursor(next.id);
  };
  return (
    <VirtualListbox
      scroller={scroller}
      totalSize={virtualizer.getTotalSize()}
      aria-label="Models"
      aria-activedescendant={cursorId === null ? undefined : `model-row-${cursorId}`}
      onKeyDown={onKeyDown}
      data-testid="model-list"
    >
      {virtualizer.getVirtualItems().map((item) => {
        const model = models[item.index];
        if (!model) return null;
        return (
          <ModelRow
            key={item.key}
            model={model}
            top={item.start}
            cursor={model.id === cursorId}
            open={model.id === openId}
            onClick={onOpen}
          />
        );
      })}
    </VirtualListbox>
  );
}
