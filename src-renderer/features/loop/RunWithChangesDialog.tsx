import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { InputChange, JobRecipe } from '../../../src-shared/contract';
import { Dialog } from '../../components/Dialog';
import { LoadingNote } from '../../components/LoadingNote';
import { unwrap } from '../../lib/callError';
import { useLoupe } from '../../lib/loupeContext';
import { visibleText } from '../../lib/visibleText';
import { LoopDialogActions } from './LoopDialogActions';
import { RecipeInputField } from './RecipeInputField';
import { useLoopUi } from './loopUiStore';

/** The values that differ from the job's own: what the submission changes. */
function changesOf(recipe: JobRecipe | undefined, values: ReadonlyMap<string, unknown>): InputChange[] {
  if (recipe === undefined) return [];
  return [...values].flatMap(([target, value]) => {
    const before = recipe.inputs.find((input) => input.target === target)?.value;
    return JSON.stringify(before) === JSON.stringify(value)
      ? []
      : [{ target, value: value as InputChange['value'] }];
  });
}

function Fields({
  recipe,
  profileId,
  values,
  onChange,
}: {
  recipe: JobRecipe;
  profileId: string;
  values: ReadonlyMap<string, unknown>;
  onChange: (target: string, value: unknown) => void;
}) {
  return (
    <div className="max-h-96 space-y-1.5 overflow-auto">
      {recipe.inputs.map((input) => (
        <div key={input.target} className="grid grid-cols-[10rem_1fr] items-center gap-2">
          <span className="truncate font-mono text-[11px] text-faint" title={input.target}>
            {visibleText(input.target)}
          </span>
          <RecipeInputField
            input={input}
            profileId={profileId}
            value={values.has(input.target) ? values.get(input.target) : input.value}
            onChange={(value) => onChange(input.target, value)}
          />
        </div>
      ))}
    </div>
  );
}

/** One opening of the dialog: its own form state, gone when it closes. */
function RunWithChanges({
  profileId,
  jobId,
  close,
}: {
  profileId: string;
  jobId: string;
  close: () => void;
}) {
  const loupe = useLoupe();
  const [values, setValues] = useState<Map<string, unknown>>(() => new Map());
  const recipe = useQuery({
    queryKey: ['jobs.recipe', profileId, jobId],
    queryFn: () => unwrap(loupe.jobs.recipe({ profileId, jobId })),
  });
  const changes = changesOf(recipe.data, values);
  const submit = useMutation({
    mutationFn: () => unwrap(loupe.jobs.runWithChanges({ profileId, jobId, changes })),
    onSuccess: close,
  });
  const problem = recipe.data?.problem ?? (recipe.error instanceof Error ? recipe.error.message : null);
  const ready = recipe.data !== undefined && problem === null;
  return (
    <Dialog
      title="Run again with changes"
      onClose={close}
      testId="run-with-changes"
      actions={
        <LoopDialogActions
          confirm="Run with these changes"
          working="Sending…"
          busy={submit.isPending}
          disabled={!ready || changes.length === 0}
          focusConfirm={false}
          onCancel={close}
          onConfirm={() => submit.mutate()}
        />
      }
    >
      {recipe.isPending ? <LoadingNote>Reading the job’s inputs…</LoadingNote> : null}
      {problem !== null ? (
        <p role="alert" className="text-state-failed">
          {visibleText(problem)}
        </p>
      ) : null}
      {ready ? (
        <>
          <Fields
            recipe={recipe.data}
            profileId={profileId}
            values={values}
            onChange={(target, value) => setValues((before) => new Map(before).set(target, value))}
          />
          {recipe.data.checked ? null : (
            <p className="text-faint">This service offers no node list: values are not checked.</p>
          )}
          <p className="text-[11px]" data-testid="changed-inputs">
            {changes.length === 0
              ? 'Nothing changed yet.'
              : `Changes ${changes.map((change) => change.target).join(', ')}.`}
          </p>
        </>
      ) : null}
      {submit.error instanceof Error ? (
        <p role="alert" className="text-state-failed">
          {visibleText(submit.error.message)}
        </p>
      ) : null}
    </Dialog>
  );
}

/** Run again with changes: the job's inputs as a form, then one submission linked to the job as its retry. */
export function RunWithChangesDialog() {
  const target = useLoopUi((state) => state.runWithChanges);
  const close = useLoopUi((state) => state.closeRunWithChanges);
  if (target === null) return null;
  return (
    <RunWithChanges
      key={`${target.profileId}/${target.jobId}`}
      profileId={target.profileId}
      jobId={target.jobId}
      close={close}
    />
  );
}
