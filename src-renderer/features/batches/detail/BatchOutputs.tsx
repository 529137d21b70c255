import { useId, useMemo, type KeyboardEvent } from 'react';
import type { BatchDetail } from '../../../../src-shared/contract';
import { OUTPUTS_VIEWS, useBatchesUi, type OutputsView } from '../batchesUiStore';
import { ContactSheet } from '../contactSheet/ContactSheet';
import { hasSheetAxes } from '../contactSheet/sheetAxes';
import { BatchGallery } from './BatchGallery';
import { usePendingBatchHashes } from './usePendingBatchHashes';

interface BatchOutputsProps {
  batch: BatchDetail;
  profileId: string;
  onOpenJob: (jobId: string) => void;
}

const LABELS: Record<OutputsView, string> = { sheet: 'Contact sheet', gallery: 'Gallery' };

/**
 * The batch's outputs: for a batch planned over axes (a sweep, a table, a folder of inputs), the contact
 * sheet or the gallery, as the user last chose; for a batch of one, or one recorded before items kept their
 * values, the gallery alone.
 */
export function BatchOutputs({ batch, profileId, onOpenJob }: BatchOutputsProps) {
  usePendingBatchHashes(batch, profileId);
  const hasAxes = useMemo(() => hasSheetAxes(batch.items), [batch.items]);
  const view = useBatchesUi((state) => state.outputsView);
  const setView = useBatchesUi((state) => state.setOutputsView);
  const baseId = useId();
  if (!hasAxes) return <BatchGallery batch={batch} profileId={profileId} onOpenJob={onOpenJob} />;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = OUTPUTS_VIEWS.find((name) => name !== view) ?? view;
    setView(next);
    document.getElementById(`${baseId}-${next}`)?.focus();
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        role="tablist"
        aria-label="Batch outputs"
        className="flex shrink-0 gap-1 border-b border-line px-3"
        onKeyDown={onKeyDown}
      >
        {OUTPUTS_VIEWS.map((name) => {
          const current = name === view;
          return (
            <button
              key={name}
              id={`${baseId}-${name}`}
              type="button"
              role="tab"
              aria-selected={current}
              aria-controls={`${baseId}-panel`}
              tabIndex={current ? 0 : -1}
              onClick={() => setView(name)}
              className={`-mb-px border-b-2 px-2.5 py-2 text-xs ${
                current ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg'
              }`}
            >
              {LABELS[name]}
              {name === 'gallery' && batch.outputs.length > 0 ? (
                <span className="ml-1 text-faint tabular-nums">{batch.outputs.length}</span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-${view}`}
        className="flex min-h-0 flex-1 flex-col"
      >
        {view === 'sheet' ? (
          <ContactSheet batch={batch} profileId={profileId} onOpenJob={onOpenJob} />
        ) : (
          <BatchGallery batch={batch} profileId={profileId} onOpenJob={onOpenJob} />
        )}
      </div>
    </div>
  );
}
