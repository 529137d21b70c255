// The screen's side of inputs axes: which inputs files can go to, and the picker opened for a new axis, for
// one to edit, or for an input clicked in the node list. The axes themselves are the draft's (newBatchStore);
// the picker's choices become one only on Bind.
import { useMemo, useState } from 'react';
import { defaultFileTarget, fileTargets, type FileTarget } from './inputsTargets';
import type { PickedInputs } from './inputsPicker/InputsPickerDialog';
import { useNewBatch } from './newBatchStore';
import type { WorkflowReading } from './workflowReading';

export interface PickerRequest {
  /** The axis being edited; null for a new one. */
  inputsId: number | null;
  initial: PickedInputs;
  /** Inputs the other inputs axes bind. */
  taken: ReadonlySet<string>;
}

export interface InputsAxes {
  targets: readonly FileTarget[];
  /** Why "Add inputs…" is off, in words; null while it is on. */
  cannotAdd: string | null;
  picker: PickerRequest | null;
  add: () => void;
  edit: (id: number) => void;
  /** An input clicked in the node list: the axis that binds it, else a new one bound to it. */
  bind: (target: string) => void;
  remove: (id: number) => void;
  confirm: (picked: PickedInputs) => void;
  close: () => void;
}

const NO_TARGETS =
  'No input of this workflow holds a file name or text, so there is nothing to bind files to.';

export function useInputsAxes(reading: WorkflowReading | null): InputsAxes {
  const inputs = useNewBatch((state) => state.draft.inputs);
  const [picker, setPicker] = useState<PickerRequest | null>(null);
  const targets = useMemo(() => (reading?.kind === 'api' ? fileTargets(reading.nodes) : []), [reading]);

  const takenBesides = (id: number | null) =>
    new Set(inputs.filter((axis) => axis.id !== id).map((axis) => axis.target));
  const edit = (id: number) => {
    const axis = inputs.find((one) => one.id === id);
    if (axis === undefined) return;
    setPicker({
      inputsId: id,
      initial: { target: axis.target, assetIds: axis.assetIds },
      taken: takenBesides(id),
    });
  };
  const openNew = (target: string | null) => {
    const taken = takenBesides(null);
    const first = target ?? defaultFileTarget(targets, taken);
    if (first === null) return;
    setPicker({ inputsId: null, initial: { target: first, assetIds: [] }, taken });
  };

  return {
    targets,
    cannotAdd: targets.length === 0 ? NO_TARGETS : null,
    picker,
    add: () => openNew(null),
    edit,
    bind: (target) => {
      const existing = inputs.findLast((axis) => axis.target === target);
      if (existing === undefined) openNew(target);
      else edit(existing.id);
    },
    remove: (id) => {
      // The row with the focus goes away: the focus goes on to adding another, not to the page's top.
      document.querySelector<HTMLElement>('[data-add-inputs]')?.focus();
      useNewBatch.getState().removeInputs(id);
    },
    confirm: ({ target, assetIds }) => {
      const store = useNewBatch.getState();
      if (picker === null || picker.inputsId === null) store.addInputs(target, assetIds);
      else store.setInputs(picker.inputsId, target, assetIds);
      setPicker(null);
    },
    close: () => setPicker(null),
  };
}
