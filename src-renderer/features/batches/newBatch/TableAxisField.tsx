import { useState } from 'react';
import { Button } from '../../../components/Button';
import { InlineError } from '../../../components/InlineError';
import { visibleText } from '../../../lib/visibleText';
import { FilePickButton } from './FilePickButton';
import type { LoadedText } from './newBatchStore';
import type { PlacedError } from './planErrorPlace';

interface TableAxisFieldProps {
  table: LoadedText | null;
  planError: PlacedError | null;
  onTable: (table: LoadedText | null) => void;
}

/** A CSV table as one more axis: its header names inputs, each row is one position (values set together). */
export function TableAxisField({ table, planError, onTable }: TableAxisFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="space-y-0.5" data-testid="table-axis">
      <div className="flex min-h-7 flex-wrap items-center gap-2">
        <span className="text-xs text-muted">CSV table</span>
        {table === null ? null : (
          <span className="max-w-64 truncate font-mono text-xs text-fg" data-testid="table-name">
            {visibleText(table.name)}
          </span>
        )}
        <FilePickButton
          kind="table"
          variant="ghost"
          inputLabel="CSV table file"
          testId="new-batch-table-input"
          title="Its header names inputs (3.seed,6.text); each row sets them together for one position"
          onFile={onTable}
          onProblem={setProblem}
        >
          {table === null ? 'Pick a CSV…' : 'Replace…'}
        </FilePickButton>
        {table === null ? (
          <span className="text-[11px] text-faint">
            header: inputs (3.seed,6.text); then one row per item
          </span>
        ) : (
          <Button variant="ghost" onClick={() => onTable(null)}>
            Remove table
          </Button>
        )}
      </div>
      {problem === null ? null : (
        <p role="alert" className="text-[11px] text-state-failed">
          {visibleText(problem)}
        </p>
      )}
      {planError === null ? null : (
        <InlineError message={planError.message} nextStep={planError.nextStep} code={planError.code} />
      )}
    </div>
  );
}
