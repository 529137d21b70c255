import { act, within } from '@testing-library/react';
import type { LoupeApi } from '../../../../src-preload/buildApi';
import { listboxRow, listboxRowIds } from '../../../test/listboxRows';
import { renderWithLoupe } from '../../../test/renderWithLoupe';
import { resetUiState } from '../../../test/resetUiState';
import { useJobsUi } from '../../jobs/jobsUiStore';
import { BATCH_LIST_WIDTH, useBatchesUi } from '../batchesUiStore';
import { useJobUpdates } from '../../../hooks/useJobUpdates';
import { BatchesScreen } from '../BatchesScreen';

/** Every store the Batches screen touches back to a clean state, with the Batches section open. */
export function resetBatchesUi(): void {
  act(() => {
    resetUiState('batches');
    useBatchesUi.setState({
      profileId: null,
      openBatchId: null,
      cursorId: null,
      listWidth: BATCH_LIST_WIDTH.initial,
      outputsView: 'sheet',
      sheetCellSize: 'medium',
      sheetChoices: new Map(),
    });
    useJobsUi.setState({ profileId: null, openJobId: null, cursorId: null, selected: new Set() });
  });
}

/** The Batches screen with App's jobs.updates subscription beside it, as the app mounts them. */
function BatchesWithUpdates() {
  useJobUpdates();
  return <BatchesScreen />;
}

export function renderBatches(loupe: LoupeApi) {
  resetBatchesUi();
  return renderWithLoupe(<BatchesWithUpdates />, loupe);
}

/** The rows of the batch list, as their batch ids, in order. */
export function listedBatchIds(): string[] {
  return listboxRowIds('Batches', 'batchId');
}

export function listedBatch(batchId: string): HTMLElement {
  return listboxRow('Batches', 'batchId', batchId);
}

/** The part counts of a state bar, as { succeeded: 2, submitting: 1 }. */
export function barParts(scope: HTMLElement): Record<string, number> {
  const bar = within(scope).getByTestId('batch-state-bar');
  return Object.fromEntries(
    [...bar.querySelectorAll<HTMLElement>('[data-part]')].map((part) => [
      part.dataset.part ?? '',
      Number(part.dataset.count),
    ]),
  );
}
