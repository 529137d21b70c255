// A file dropped on New batch: a workflow (.json) to plan with, or a CSV table as an axis. While the inputs
// picker is open a drop is its (files to upload), so this one stands aside: no overlay, nothing read.
import { useState } from 'react';
import { useWindowFileDrop } from '../../../hooks/useWindowFileDrop';
import { useNewBatch } from './newBatchStore';
import { kindOfDropped, readPickedFile } from './readPickedFile';

export interface NewBatchDrop {
  /** Files are being dragged over the window, and a drop would be read here. */
  dragging: boolean;
  /** Why the last drop was not taken, in words; null when it was. */
  problem: string | null;
}

export function useNewBatchDrop(standAside: boolean): NewBatchDrop {
  const [problem, setProblem] = useState<string | null>(null);
  const dragging = useWindowFileDrop((data) => {
    const file = data.files[0];
    if (standAside || !file) return;
    const kind = kindOfDropped(file);
    if (kind === null) {
      setProblem(
        `${file.name} is neither a workflow (.json, or a PNG that carries one) nor a CSV table (.csv).`,
      );
      return;
    }
    void readPickedFile(file, kind).then((picked) => {
      setProblem(picked.ok ? null : picked.message);
      if (!picked.ok) return;
      const store = useNewBatch.getState();
      if (kind === 'workflow') store.setWorkflow(picked.file);
      else store.setTable(picked.file);
    });
  });
  return { dragging: dragging && !standAside, problem };
}
