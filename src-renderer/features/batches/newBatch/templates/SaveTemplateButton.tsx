import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/Button';
import { Dialog } from '../../../../components/Dialog';
import { errorText } from '../../../../components/errorText';
import { FormField, INPUT_CLASS } from '../../../../components/FormField';
import { InlineError } from '../../../../components/InlineError';
import { Spinner } from '../../../../components/Spinner';
import { useLoupe } from '../../../../lib/loupeContext';
import { visibleText } from '../../../../lib/visibleText';
import { PLAN_LIMITS, type DraftCheck } from '../planRequest';
import { templatePlanOf, type TemplatePlan } from './templateDraft';
import { templatesQuery, useSaveTemplate } from './templateQueries';

/** "Save as template…": the plan as it is, under a name, to open again from New batch's first screen. */
export function SaveTemplateButton({ check }: { check: DraftCheck }) {
  const [asking, setAsking] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const ready = templatePlanOf(check);
  return (
    <>
      {saved === null ? null : (
        <p role="status" className="truncate text-[11px] text-muted" data-testid="template-saved">
          Saved as “{visibleText(saved)}”
        </p>
      )}
      <Button
        variant="ghost"
        disabled={'problem' in ready}
        title={'problem' in ready ? ready.problem : 'Keep this plan to run again'}
        onClick={() => setAsking(true)}
      >
        Save as template…
      </Button>
      {asking && 'plan' in ready ? (
        <SaveTemplateDialog
          plan={ready.plan}
          suggested={check.name}
          onClose={() => setAsking(false)}
          onSaved={(name) => {
            setSaved(name);
            setAsking(false);
          }}
        />
      ) : null}
    </>
  );
}

interface SaveTemplateDialogProps {
  plan: TemplatePlan;
  suggested: string;
  onClose: () => void;
  onSaved: (name: string) => void;
}

function SaveTemplateDialog({ plan, suggested, onClose, onSaved }: SaveTemplateDialogProps) {
  const loupe = useLoupe();
  const [name, setName] = useState(suggested);
  const templates = useQuery(templatesQuery(loupe));
  const save = useSaveTemplate();
  const trimmed = name.trim();
  const same = templates.data?.find((one) => one.name.toLowerCase() === trimmed.toLowerCase());
  const submit = () => {
    if (trimmed === '' || save.isPending) return;
    save.mutate({ name: trimmed, plan }, { onSuccess: (template) => onSaved(template.name) });
  };
  return (
    <Dialog
      title="Save as template"
      testId="save-template"
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" disabled={trimmed === '' || save.isPending} onClick={submit}>
            {save.isPending ? <Spinner /> : null}
            {same === undefined ? 'Save' : 'Replace'}
          </Button>
        </>
      }
    >
      <p>
        Keeps the workflow, every axis, the options and the number at a time, to open again from New batch’s
        first screen. Bound files are kept by their asset ids, which belong to this connection.
      </p>
      <FormField
        label="Template name"
        hint={same === undefined ? undefined : `Replaces the template “${visibleText(same.name)}”.`}
      >
        {({ inputId, describedBy }) => (
          <input
            id={inputId}
            className={INPUT_CLASS}
            value={name}
            maxLength={PLAN_LIMITS.name}
            aria-describedby={describedBy}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
            // Not a <form>: this dialog sits inside the plan's form in React's tree, where a submit would
            // bubble up and start the batch.
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              submit();
            }}
          />
        )}
      </FormField>
      {save.isError ? (
        <InlineError
          message={`Loupe could not save the template: ${errorText(save.error).message}`}
          nextStep={errorText(save.error).nextStep}
          code={errorText(save.error).code}
        />
      ) : null}
    </Dialog>
  );
}
