import { useEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/Button';
import { DropOverlay } from '../../../components/DropOverlay';
import { visibleText } from '../../../lib/visibleText';
import { InputsAxisList } from './InputsAxisList';
import { InputsPickerDialog } from './inputsPicker/InputsPickerDialog';
import { ConfirmStartDialog, DiscardPlanDialog } from './NewBatchDialogs';
import { isEdited, useNewBatch } from './newBatchStore';
import { PlanOptions } from './PlanOptions';
import { placePlanError } from './planErrorPlace';
import { PlanPreview } from './PlanPreview';
import { checkDraft } from './planRequest';
import { StartBar } from './StartBar';
import { idleReason, startReadiness } from './startReadiness';
import { SweepList, type FocusRequest } from './SweepList';
import { sweepFor, sweepTarget } from './sweepText';
import { TableAxisField } from './TableAxisField';
import { draftFromTemplate } from './templates/templateDraft';
import { SaveTemplateButton } from './templates/SaveTemplateButton';
import { TemplateList } from './templates/TemplateList';
import { useEscapeKey } from './useEscapeKey';
import { useInputsAxes } from './useInputsAxes';
import { useNewBatchDrop } from './useNewBatchDrop';
import { usePlanPreview } from './usePlanPreview';
import { useStartBatch } from './useStartBatch';
import { WorkflowPanel } from './WorkflowPanel';
import { WorkflowStart } from './WorkflowStart';
import { readWorkflowText, type ScalarInput } from './workflowReading';

/**
 * New batch: one workflow and the values to run it over, with the items shown before anything is sent.
 * The draft is the user's input (newBatchStore); the preview is the planner's answer (usePlanPreview).
 */
export function NewBatchScreen({ profileId }: { profileId: string }) {
  const draft = useNewBatch((state) => state.draft);
  const store = useNewBatch.getState();
  const reading = useMemo(
    () => (draft.workflow === null ? null : readWorkflowText(draft.workflow.text)),
    [draft.workflow],
  );
  const check = useMemo(() => checkDraft(draft, reading), [draft, reading]);
  const preview = usePlanPreview(profileId, check.request);
  const planError =
    preview.status === 'idle' || preview.error === null
      ? null
      : placePlanError(preview.error, draft.sweeps, draft.inputs);
  const readiness = startReadiness(check, preview, reading);
  const start = useStartBatch(profileId);
  const [asking, setAsking] = useState<'discard' | 'start' | null>(null);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const [templateNotes, setTemplateNotes] = useState<readonly string[]>([]);
  const root = useRef<HTMLDivElement>(null);
  const inputsAxes = useInputsAxes(reading);
  const drop = useNewBatchDrop(inputsAxes.picker !== null);

  // The picker that had the focus is gone once a workflow is in: the next step is choosing an input.
  const workflowId = draft.workflow?.id ?? null;
  useEffect(() => {
    const active = document.activeElement;
    if (workflowId === null || (active !== null && active !== document.body)) return;
    const first = (selector: string) => root.current?.querySelector<HTMLElement>(selector) ?? null;
    (first('button[data-target]') ?? first('form button'))?.focus();
  }, [workflowId]);

  const requestClose = () => {
    if (isEdited(useNewBatch.getState().draft)) setAsking('discard');
    else store.closeNewBatch();
  };
  useEscapeKey(asking === null && inputsAxes.picker === null ? requestClose : null);

  const focusSweep = (sweepId: number) => setFocus((last) => ({ sweepId, nonce: (last?.nonce ?? 0) + 1 }));
  const onPick = (target: string, input: ScalarInput) => {
    const existing = draft.sweeps.find((sweep) => sweepTarget(sweep.text) === target);
    focusSweep(existing?.id ?? store.addSweep(sweepFor(target, input.value)));
  };
  const varied = new Set(draft.sweeps.flatMap((sweep) => sweepTarget(sweep.text) ?? []));
  for (const axis of draft.inputs) varied.add(axis.target);
  for (const column of preview.data?.columns ?? []) {
    if (column.kind !== 'repeat') varied.add(column.target);
  }

  const send = () => {
    setAsking(null);
    if (check.request === null || check.window === null) return;
    start.mutate({
      ...check.request.args,
      name: check.name,
      window: check.window,
      ...(check.autoRetry === undefined ? {} : { autoRetry: check.autoRetry }),
    });
  };
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!readiness.ready || start.isPending) return;
    if (readiness.confirm) setAsking('start');
    else send();
  };
  const placed = (kind: 'table' | 'workflow') => (planError?.place.kind === kind ? planError : null);

  return (
    <div ref={root} className="flex h-full min-w-0 flex-col" data-testid="new-batch">
      <header className="flex h-11 shrink-0 items-center gap-3 border-b border-line px-4">
        <h2 className="text-sm font-semibold text-fg">New batch</h2>
        <p className="min-w-0 flex-1 truncate text-xs text-faint">
          One workflow, run once for every combination of the values you choose.
        </p>
        <Button variant="ghost" aria-label="Close New batch (Esc)" title="Close (Esc)" onClick={requestClose}>
          ×
        </Button>
      </header>
      {drop.problem === null ? null : (
        <p role="alert" className="border-b border-line px-4 py-1.5 text-xs text-state-failed">
          {visibleText(drop.problem)}
        </p>
      )}
      {templateNotes.map((note) => (
        <p key={note} role="status" className="border-b border-line px-4 py-1.5 text-xs text-state-canceled">
          {note}
        </p>
      ))}
      {draft.workflow === null || reading === null ? (
        <WorkflowStart
          onWorkflow={store.setWorkflow}
          templates={
            <TemplateList
              onOpen={(template) => {
                const opened = draftFromTemplate(template);
                setTemplateNotes(opened.notes);
                store.loadDraft(opened.draft);
              }}
            />
          }
        />
      ) : (
        <form aria-label="Batch plan" noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
          <div className="flex min-h-0 flex-1">
            <aside className="w-80 shrink-0 border-r border-line bg-panel">
              <WorkflowPanel
                workflow={draft.workflow}
                reading={reading}
                varied={varied}
                error={placed('workflow')}
                onWorkflow={store.setWorkflow}
                onPick={onPick}
                onBind={inputsAxes.bind}
              />
            </aside>
            <div className="min-w-0 flex-1 space-y-5 overflow-y-auto px-4 py-3">
              <section aria-label="Variations" className="space-y-2">
                <h3 className="text-xs font-semibold text-fg">Variations</h3>
                <SweepList
                  sweeps={draft.sweeps}
                  localErrors={check.sweepErrors}
                  planError={planError}
                  focus={focus}
                  onChange={store.setSweep}
                  onRemove={store.removeSweep}
                  onAdd={() => focusSweep(store.addSweep(''))}
                />
                <InputsAxisList
                  profileId={profileId}
                  inputs={draft.inputs}
                  cannotAdd={inputsAxes.cannotAdd}
                  planError={planError}
                  onAdd={inputsAxes.add}
                  onEdit={inputsAxes.edit}
                  onRemove={inputsAxes.remove}
                />
                <TableAxisField table={draft.table} planError={placed('table')} onTable={store.setTable} />
                {check.axesError === null ? null : (
                  <p className="text-[11px] text-state-failed">{check.axesError}</p>
                )}
              </section>
              <section aria-label="Options" className="space-y-2">
                <h3 className="text-xs font-semibold text-fg">Options</h3>
                <PlanOptions
                  draft={draft}
                  check={check}
                  planError={
                    planError?.place.kind === 'zip' || planError?.place.kind === 'repeat' ? planError : null
                  }
                  onRepeat={store.setRepeat}
                  onZip={store.setZip}
                  onName={store.setName}
                  onWindow={store.setWindow}
                  onAutoRetry={store.setAutoRetry}
                  onAutoRetryAttempts={store.setAutoRetryAttempts}
                />
              </section>
              <PlanPreview preview={preview} error={planError} idleReason={idleReason(reading)} />
            </div>
          </div>
          <StartBar
            readiness={readiness}
            starting={start.isPending}
            startError={start.isError ? start.error : null}
            onCancel={requestClose}
            extra={<SaveTemplateButton check={check} />}
          />
        </form>
      )}
      {drop.dragging ? (
        <DropOverlay testId="new-batch-drop" title="Drop a workflow or a CSV table">
          <p className="mt-1 text-xs text-muted">
            A .json workflow to plan with, or a .csv table to add as an axis.
          </p>
        </DropOverlay>
      ) : null}
      {inputsAxes.picker === null ? null : (
        <InputsPickerDialog
          profileId={profileId}
          targets={inputsAxes.targets}
          taken={inputsAxes.picker.taken}
          initial={inputsAxes.picker.initial}
          editing={inputsAxes.picker.inputsId !== null}
          onConfirm={inputsAxes.confirm}
          onClose={inputsAxes.close}
        />
      )}
      {asking === 'discard' ? (
        <DiscardPlanDialog onKeep={() => setAsking(null)} onDiscard={store.closeNewBatch} />
      ) : null}
      {asking === 'start' && preview.data !== null && check.window !== null ? (
        <ConfirmStartDialog
          count={preview.data.count}
          problems={preview.data.problems.length}
          window={check.window}
          onCancel={() => setAsking(null)}
          onStart={send}
        />
      ) : null}
    </div>
  );
}
