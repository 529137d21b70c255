import { useMemo } from 'react';
import { Tabs, type TabSpec } from '../../../components/Tabs';
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
  if (!hasAxes) return <BatchGallery batch={batch} profileId={profileId} onOpenJob={onOpenJob} />;
  const tabs = OUTPUTS_VIEWS.map((name): TabSpec<OutputsView> => ({
    name,
    label: LABELS[name],
    ...(name === 'gallery' ? { count: batch.outputs.length } : {}),
  }));
  return (
    <Tabs label="Batch outputs" tabs={tabs} current={view} onChoose={setView}>
      {view === 'sheet' ? (
        <ContactSheet batch={batch} profileId={profileId} onOpenJob={onOpenJob} />
      ) : (
        <BatchGallery batch={batch} profileId={profileId} onOpenJob={onOpenJob} />
      )}
    </Tabs>
  );
}
