import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { InputChange, JobRecipe } from '../../../src-shared/contract';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { LoadingNote } from '../../components/LoadingNote';
import { unwrap } from '../../lib/callError';
import { useLoupe } from '../../lib/loupeContext';
import { visibleText } from '../../lib/visibleText';
import { useLoopUi } from './loopUiStore';

type Input = JobRecipe['inputs'][number];

/** One input as a field: a number, a choice from object_info, a checkbox, or text. */
function InputField({
  input,
  value,
  onChange,
}: {
  input: Input;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const rule = input.rule;
  const label = `${input.target} (${input.classType})`;
  const cls = 'w-full rounded border border-line bg-raised px-1 py-0.5 text-xs text-fg';
  if (rule?.kind === 'choices') {
    return (
      <select
        aria-label={label}
        className={cls}
        value={String(value)}
        onChange={(event) => {
          const picked = rule.choices.find((choice) => String(choice) === event.target.value);
          onChange(picked ?? event.target.value);
        }}
      >
        {rule.choices.map((choice) => (
          <option key={String(choice)} value={String(choice)}>
            {visibleText(String(choice))}
          </option>
        ))}
      </select>
    );
  }
  if (typeof value === 'number' || rule?.kind === 'INT' || rule?.kind === 'FLOAT') {
    return (
      <input
        aria-label={label}
        type="number"
        className={cls}
        value={typeof value === 'number' ? value : ''}
        min={rule?.kind === 'INT' || rule?.kind === 'FLOAT' ? (rule.min ?? undefined) : undefined}
        max={rule?.kind === 'INT' || rule?.kind === 'FLOAT' ? (rule.max ?? undefined) : undefined}
        step={rule?.kind === 'INT' ? 1 : 'any'}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    );
  }
  if (typeof value === 'boolean') {
    return (
      <input
        aria-label={label}
        type="checkbox"
        checked={value}
        onChange={(event) => onChange(event.target.checked)}
      />
    );
  }
  if (typeof value === 'string') {
    return (
      <textarea
        aria-label={label}
        className={cls}
        rows={value.length > 60 ? 3 : 1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  // An object (an asset reference, say): shown, not edited here.
  return <code className="text-[11px] break-all text-muted">{visibleText(JSON.stringify(value))}</code>;
}

function Form({
  recipe,
  profileId,
  jobId,
  onDone,
}: {
  recipe: JobRecipe;
  profileId: string;
  jobId: string;
  onDone: () => void;
}) {
  const loupe = useLoupe();
  const [values, setValues] = useState<Map<string, unknown>>(() => new Map());
  const changes: InputChange[] = [...values].flatMap(([target, value]) => {
    const before = recipe.inputs.find((input) => input.target === target)?.value;
    return JSON.stringify(before) === JSON.stringify(value)
      ? []
      : [{ target, value: value as InputChange['value'] }];
  });
  const submit = useMutation({
    mutationFn: () => unwrap(loupe.jobs.runWithChanges({ profileId, jobId, changes })),
    onSuccess: onDone,
  });
  return (
    <>
      <div className="max-h-96 space-y-1.5 overflow-auto">
        {recipe.inputs.map((input) => (
          <label key={input.target} className="grid grid-cols-[10rem_1fr] items-center gap-2">
            <span className="truncate font-mono text-[11px] text-faint">{visibleText(input.target)}</span>
            <InputField
              input={input}
              value={values.has(input.target) ? values.get(input.target) : input.value}
              onChange={(value) => setValues((before) => new Map(before).set(input.target, value))}
            />
          </label>
        ))}
      </div>
      {recipe.checked ? null : (
        <p className="text-faint">This service offers no node list: values are not checked.</p>
      )}
      <p className="text-[11px]">
        {changes.length === 0 ? 'Nothing changed yet.' : changes.map((c) => c.target).join(', ')}
      </p>
      {submit.error instanceof Error ? (
        <p className="text-state-failed">{visibleText(submit.error.message)}</p>
      ) : null}
      <div className="flex justify-end">
        <Button
          variant="primary"
          disabled={changes.length === 0 || submit.isPending}
          onClick={() => submit.mutate()}
        >
          {submit.isPending ? 'Sending…' : 'Run with these changes'}
        </Button>
      </div>
    </>
  );
}

/** Run again with changes: the job's inputs as a form, then one submission linked to the job as its retry. */
export function RunWithChangesDialog() {
  const target = useLoopUi((state) => state.runWithChanges);
  const close = useLoopUi((state) => state.closeRunWithChanges);
  const loupe = useLoupe();
  const recipe = useQuery({
    queryKey: ['jobs.recipe', target?.profileId, target?.jobId],
    queryFn: () =>
      unwrap(loupe.jobs.recipe({ profileId: target?.profileId ?? '', jobId: target?.jobId ?? '' })),
    enabled: target !== null,
  });
  if (target === null) return null;
  const problem = recipe.data?.problem ?? (recipe.error instanceof Error ? recipe.error.message : null);
  return (
    <Dialog
      title="Run again with changes"
      onClose={close}
      testId="run-with-changes"
      actions={
        <Button variant="ghost" onClick={close}>
          Cancel
        </Button>
      }
    >
      {recipe.isPending ? <LoadingNote>Reading the job’s inputs…</LoadingNote> : null}
      {problem !== null ? <p className="text-state-failed">{visibleText(problem)}</p> : null}
      {recipe.data !== undefined && problem === null ? (
        <Form recipe={recipe.data} profileId={target.profileId} jobId={target.jobId} onDone={close} />
      ) : null}
    </Dialog>
  );
}
