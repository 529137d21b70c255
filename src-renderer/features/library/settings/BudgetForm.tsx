import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';
import { libraryKeys } from '../libraryQueries';

const GB = 1_000_000_000;

/** The library folder's disk budget in GB; empty for none. */
export function BudgetForm({ budgetBytes }: { budgetBytes: number | null }) {
  const loupe = useLoupe();
  const client = useQueryClient();
  const [text, setText] = useState(budgetBytes === null ? '' : String(budgetBytes / GB));
  const gb = text.trim() === '' ? null : Number(text);
  const problem =
    gb !== null && (!Number.isFinite(gb) || gb < 0.001)
      ? 'Enter a size of at least 0.001 GB, or leave it empty for no budget.'
      : null;
  const save = useMutation({
    mutationFn: () =>
      unwrap(loupe.library.setBudget({ budgetBytes: gb === null ? null : Math.round(gb * GB) })),
    onSuccess: (status) => client.setQueryData(libraryKeys.keepStatus, status),
  });
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (problem === null) save.mutate();
      }}
    >
      <label className="flex items-center gap-1">
        Budget
        <input
          aria-label="Disk budget in GB"
          inputMode="decimal"
          value={text}
          placeholder="no budget"
          onChange={(event) => setText(event.target.value)}
          className="h-7 w-24 rounded border border-line bg-raised px-2 tabular-nums"
        />
        GB
      </label>
      <Button type="submit" disabled={problem !== null || save.isPending}>
        Set budget
      </Button>
      {problem !== null && <span className="text-state-failed">{problem}</span>}
      {save.isError && (
        <span role="alert" className="text-state-failed">
          {save.error.message}
        </span>
      )}
    </form>
  );
}
