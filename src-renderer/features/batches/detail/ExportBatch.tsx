// Export: the button in the batch's header, and what came of it underneath (where the files went, what could
// not be fetched, or why it could not start). The folder's path is the user's own machine's: shown whole,
// with a copy button, since a browser page cannot open it.
import { Button } from '../../../components/Button';
import { CopyButton } from '../../../components/jobs/CopyButton';
import { InlineError } from '../../../components/InlineError';
import { Spinner } from '../../../components/Spinner';
import { errorText } from '../../../components/errorText';
import { visibleText } from '../../../lib/visibleText';
import { plural } from '../batchCounts';
import type { useBatchExport } from './useBatchExport';

type ExportState = ReturnType<typeof useBatchExport>;

interface ExportButtonProps {
  exporting: ExportState;
  outputsCount: number;
}

export function ExportButton({ exporting, outputsCount }: ExportButtonProps) {
  return (
    <Button
      variant="secondary"
      disabled={exporting.isPending || outputsCount === 0}
      title={
        outputsCount === 0
          ? 'Nothing to export yet: no item has an output'
          : 'Every output into a folder, named from its item’s values, with manifest.csv and manifest.json'
      }
      onClick={() => exporting.mutate()}
      data-testid="batch-export"
    >
      {exporting.isPending ? (
        <>
          <Spinner /> Exporting {plural(outputsCount, 'output')}…
        </>
      ) : (
        'Export…'
      )}
    </Button>
  );
}

/** Where the export went, or what stopped it; nothing before the first export or after a cancelled dialog. */
export function ExportOutcome({ exporting }: { exporting: ExportState }) {
  if (exporting.error) {
    const text = errorText(exporting.error);
    return (
      <InlineError
        message={`The export stopped: ${text.message}`}
        nextStep="Files already written stay in the folder; export again to write the rest into a new one."
        code={text.code}
      />
    );
  }
  const result = exporting.data;
  if (result === undefined || result.kind === 'cancelled') return null;
  if (result.kind === 'not_available') {
    return (
      <p className="text-xs text-muted" role="status" data-testid="batch-export-result">
        {visibleText(result.message)}
      </p>
    );
  }
  const folder = visibleText(result.folder);
  return (
    <div
      className="flex flex-wrap items-center gap-2 text-xs text-muted"
      role="status"
      data-testid="batch-export-result"
    >
      <span>
        Exported {plural(result.files, 'file')} with manifest.csv and manifest.json to{' '}
        <code className="font-mono text-fg select-text" title={folder}>
          {folder}
        </code>
      </span>
      <CopyButton text={result.folder} title="Copy the folder’s path">
        Copy path
      </CopyButton>
      {result.failed > 0 ? (
        <span className="text-state-failed">
          {plural(result.failed, 'output')} could not be fetched: the manifest names{' '}
          {result.failed === 1 ? 'it' : 'them'}.
        </span>
      ) : null}
    </div>
  );
}
