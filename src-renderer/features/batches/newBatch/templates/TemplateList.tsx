import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BatchTemplate } from '../../../../../src-shared/contract';
import { Button, LinkButton } from '../../../../components/Button';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { errorText } from '../../../../components/errorText';
import { InlineError } from '../../../../components/InlineError';
import { RelativeTime } from '../../../../components/jobs/RelativeTime';
import { useLoupe } from '../../../../lib/loupeContext';
import { visibleText } from '../../../../lib/visibleText';
import { plural } from '../../batchCounts';
import type { TemplatePlan } from './templateDraft';
import { templatesQuery, useDeleteTemplate } from './templateQueries';

/** What a template varies, in a few words: "2 sweeps · 3 assets → 1.image · ×4". */
export function templateSummary(plan: TemplatePlan): string {
  const sweeps = plan.axes.filter((axis) => axis.kind === 'sweep').length;
  const parts = sweeps === 0 ? [] : [plural(sweeps, 'sweep')];
  for (const axis of plan.axes) {
    if (axis.kind === 'inputs') parts.push(`${plural(axis.assetIds.length, 'asset')} → ${axis.target}`);
    if (axis.kind === 'table') parts.push('a CSV table');
  }
  if (plan.repeat !== undefined) parts.push(`×${plan.repeat}`);
  if (plan.zip === true) parts.push('zipped');
  return parts.length === 0 ? 'the workflow as it is' : parts.join(' · ');
}

/** The saved templates on New batch's first screen: open one to plan it again, or delete it. */
export function TemplateList({ onOpen }: { onOpen: (template: BatchTemplate) => void }) {
  const loupe = useLoupe();
  const templates = useQuery(templatesQuery(loupe));
  const remove = useDeleteTemplate();
  const [deleting, setDeleting] = useState<BatchTemplate | null>(null);
  if (templates.isPending) return null;
  if (templates.isError) {
    const words = errorText(templates.error);
    return (
      <InlineError
        className="mt-4"
        message={`Loupe could not read the saved templates: ${words.message}`}
        nextStep={words.nextStep}
        code={words.code}
        actions={<LinkButton onClick={() => void templates.refetch()}>Try again</LinkButton>}
      />
    );
  }
  if (templates.data.length === 0) {
    return (
      <p className="mt-4 text-[11px] text-faint">
        Plans saved with “Save as template…” are listed here, to run again.
      </p>
    );
  }
  return (
    <section aria-label="Saved templates" className="mt-6 text-left">
      <h3 className="mb-1.5 text-xs font-semibold text-fg">Or open a saved template</h3>
      <ul className="divide-y divide-line/60 rounded border border-line" data-testid="template-list">
        {templates.data.map((template) => (
          <li key={template.id} className="flex items-center gap-2 px-2 py-1.5" data-testid="template">
            <button
              type="button"
              className="min-w-0 flex-1 rounded px-1 py-0.5 text-left hover:bg-hover"
              aria-label={`Open template ${visibleText(template.name)}`}
              onClick={() => onOpen(template)}
            >
              <span className="block truncate text-xs text-fg">{visibleText(template.name)}</span>
              <span className="block truncate text-[11px] text-faint">
                {visibleText(templateSummary(template.plan))}
              </span>
            </button>
            <RelativeTime iso={template.savedAt} className="shrink-0 text-[11px] text-faint" />
            <Button
              variant="ghost"
              aria-label={`Delete template ${visibleText(template.name)}`}
              onClick={() => setDeleting(template)}
            >
              ×
            </Button>
          </li>
        ))}
      </ul>
      {remove.isError ? (
        <InlineError
          className="mt-2"
          message={`Loupe could not delete the template: ${errorText(remove.error).message}`}
          code={errorText(remove.error).code}
        />
      ) : null}
      {deleting === null ? null : (
        <ConfirmDialog
          title={`Delete the template “${visibleText(deleting.name)}”?`}
          testId="delete-template"
          onCancel={() => setDeleting(null)}
          confirm={
            <Button
              className="text-state-failed!"
              onClick={() => {
                remove.mutate(deleting.id);
                setDeleting(null);
              }}
            >
              Delete
            </Button>
          }
        >
          <p>Batches started from it are not touched.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
