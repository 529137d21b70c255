// "Export sheet…" in the contact sheet's toolbar: a choice of a PNG image or an HTML page, made on the axes
// shown (every other axis becomes pages, as on screen), then what came of it underneath the toolbar: where
// the file went, in words, or why it was not made. The path is the user's own machine's: shown whole, with a
// copy button, since a browser page cannot open it.
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { CopyButton } from '../../../components/jobs/CopyButton';
import { InlineError } from '../../../components/InlineError';
import { Spinner } from '../../../components/Spinner';
import { errorText } from '../../../components/errorText';
import { visibleText } from '../../../lib/visibleText';
import { plural } from '../batchCounts';
import type { SheetExportChoice, SheetFormat, useSheetExport } from './useSheetExport';

type ExportState = ReturnType<typeof useSheetExport>;

const FORMATS: { format: SheetFormat; label: string; title: string }[] = [
  {
    format: 'png',
    label: 'PNG image',
    title: 'One labelled picture, up to 10,000 × 10,000 px; failed cells outlined in red',
  },
  {
    format: 'html',
    label: 'HTML page',
    title: 'One page that opens from disk with no server: pictures embedded, axes switchable',
  },
];

interface SheetExportButtonProps {
  exporting: ExportState;
  /** The inputs across and down now; null while the sheet has no axis to export on. */
  axes: Omit<SheetExportChoice, 'format'> | null;
}

export function SheetExportButton({ exporting, axes }: SheetExportButtonProps) {
  const [open, setOpen] = useState(false);
  const running = exporting.isPending ? exporting.variables.format : null;
  return (
    <div className="relative flex items-center gap-1">
      <Button
        variant="secondary"
        className="h-6 px-2 text-[11px]"
        aria-expanded={open}
        disabled={running !== null || axes === null}
        title="Save this sheet, on the axes shown, as one image or one page"
        onClick={() => setOpen((was) => !was)}
        data-testid="sheet-export"
      >
        {running !== null ? (
          <>
            <Spinner /> Exporting the sheet as {running === 'png' ? 'PNG' : 'HTML'}…
          </>
        ) : (
          'Export sheet…'
        )}
      </Button>
      {open && axes !== null ? (
        <div role="group" aria-label="Export the sheet as" className="flex items-center gap-1">
          {FORMATS.map(({ format, label, title }) => (
            <Button
              key={format}
              variant="ghost"
              className="h-6 px-2 text-[11px]"
              title={title}
              onClick={() => {
                setOpen(false);
                exporting.mutate({ format, ...axes });
              }}
            >
              {label}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** Where the sheet went, or what stopped it; nothing before the first export or after a cancelled dialog. */
export function SheetExportOutcome({ exporting }: { exporting: ExportState }) {
  if (exporting.error) {
    const text = errorText(exporting.error);
    return (
      <div className="border-b border-line px-3 py-1.5" data-testid="sheet-export-result">
        <InlineError
          message={`The sheet was not saved: ${text.message}`}
          nextStep={text.nextStep ?? 'Nothing was written. Choose other axes, or try the other format.'}
          code={text.code}
        />
      </div>
    );
  }
  const result = exporting.data;
  if (result === undefined || result.kind === 'cancelled') return null;
  if (result.kind === 'not_available') {
    return (
      <p
        className="border-b border-line px-3 py-1.5 text-xs text-muted"
        role="status"
        data-testid="sheet-export-result"
      >
        {visibleText(result.message)}
      </p>
    );
  }
  const path = visibleText(result.path);
  const what =
    result.width === null || result.height === null
      ? `a page of ${plural(result.cells, 'cell')}`
      : `an image of ${plural(result.cells, 'cell')}, ${result.width.toLocaleString('en')} × ${result.height.toLocaleString('en')} px,`;
  return (
    <div
      className="flex flex-wrap items-center gap-2 border-b border-line px-3 py-1.5 text-xs text-muted"
      role="status"
      data-testid="sheet-export-result"
    >
      <span>
        Saved the sheet as {what} to{' '}
        <code className="font-mono text-fg select-text" title={path}>
          {path}
        </code>
      </span>
      <CopyButton text={result.path} title="Copy the file’s path">
        Copy path
      </CopyButton>
    </div>
  );
}
