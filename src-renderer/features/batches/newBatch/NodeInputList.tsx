import { visibleText } from '../../../lib/visibleText';
import { clipText, SUMMARY_CHARS } from '../../jobs/clipText';
import { looksLikeFileInput } from './inputsTargets';
import type { ScalarInput, WorkflowNodeView } from './workflowReading';

/** About what the narrow column shows of a value; CSS truncates the rest, the tooltip has more. */
const SHOWN_CHARS = 60;

interface NodeInputListProps {
  nodes: readonly WorkflowNodeView[];
  /** Targets (`3.seed`) some axis already sets. */
  varied: ReadonlySet<string>;
  onPick: (target: string, input: ScalarInput) => void;
  /** An input that takes a file: a click binds uploaded files to it (or edits the files bound already). */
  onBind: (target: string) => void;
}

const ROW_CLASS =
  'group flex w-full items-baseline gap-2 rounded px-1 py-0.5 text-left font-mono text-[11px] hover:bg-hover';

/** "varied" once an axis sets the input; else what a click does, shown on hover and focus. */
function RowTag({ varied, action }: { varied: boolean; action: string }) {
  return varied ? (
    <span className="shrink-0 font-sans text-[10px] text-accent">varied</span>
  ) : (
    <span className="shrink-0 font-sans text-[10px] text-faint opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100">
      {action}
    </span>
  );
}

function valueText(value: ScalarInput['value'], max: number): string {
  return visibleText(clipText(typeof value === 'string' ? JSON.stringify(value) : String(value), max));
}

/**
 * The workflow's nodes, each with the inputs an axis can set as buttons: a click adds a sweep for it (or goes
 * to the one that already sets it); on an input that takes a file (a LoadImage image, an asset reference) it
 * binds uploaded files instead. Wired inputs are named but not offered: they carry another node's output.
 */
export function NodeInputList({ nodes, varied, onPick, onBind }: NodeInputListProps) {
  if (nodes.length === 0) {
    return <p className="px-3 py-2 text-xs text-muted">This file lists no nodes with a class_type.</p>;
  }
  return (
    <ol className="space-y-2 p-3" aria-label="Workflow nodes">
      {nodes.map((node) => (
        <li
          key={node.id}
          className="rounded border border-line bg-raised/50 px-2 py-1.5"
          data-node-id={node.id}
        >
          <p className="flex items-baseline gap-2 px-1 text-xs">
            <span className="font-mono text-faint">#{visibleText(node.id)}</span>
            <span className="truncate font-mono font-medium text-fg">{visibleText(node.classType)}</span>
            {node.title && node.title !== node.classType ? (
              <span className="truncate text-muted">{visibleText(node.title)}</span>
            ) : null}
          </p>
          {node.inputs.length + node.assetInputs.length > 0 ? (
            <ul className="mt-1 space-y-px">
              {node.inputs.map((input) => {
                const target = `${node.id}.${input.name}`;
                const isVaried = varied.has(target);
                const takesFile = looksLikeFileInput(node.classType, input.name, input.value);
                const now = valueText(input.value, SHOWN_CHARS);
                return (
                  <li key={input.name}>
                    <button
                      type="button"
                      className={ROW_CLASS}
                      aria-label={`${takesFile ? 'Bind files to' : 'Vary'} ${visibleText(target)} (now ${now})`}
                      title={`${isVaried ? 'Go to the axis that varies' : takesFile ? 'Bind uploaded files to' : 'Vary'} ${visibleText(target)}\nNow: ${valueText(input.value, SUMMARY_CHARS)}`}
                      data-target={target}
                      data-varied={isVaried}
                      onClick={() => (takesFile ? onBind(target) : onPick(target, input))}
                    >
                      <span className="shrink-0 text-muted">{visibleText(input.name)}</span>
                      <span className="min-w-0 flex-1 truncate text-fg">{now}</span>
                      <RowTag varied={isVaried} action={takesFile ? '+ files' : '+ vary'} />
                    </button>
                  </li>
                );
              })}
              {node.assetInputs.map((input) => {
                const target = `${node.id}.${input.name}`;
                const now = `asset ${visibleText(input.assetId.slice(0, 8))}`;
                return (
                  <li key={input.name}>
                    <button
                      type="button"
                      className={ROW_CLASS}
                      aria-label={`Bind files to ${visibleText(target)} (now ${now})`}
                      title={`Bind uploaded files to ${visibleText(target)}\nNow: asset ${visibleText(input.assetId)}`}
                      data-target={target}
                      data-varied={varied.has(target)}
                      onClick={() => onBind(target)}
                    >
                      <span className="shrink-0 text-muted">{visibleText(input.name)}</span>
                      <span className="min-w-0 flex-1 truncate text-fg">{now}</span>
                      <RowTag varied={varied.has(target)} action="+ files" />
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
          {node.fixed.length > 0 ? (
            <p
              className="mt-0.5 truncate px-1 text-[10px] text-faint"
              title="Wired to another node, or not a plain value: these cannot be varied."
            >
              wired: {node.fixed.map((name) => visibleText(name)).join(', ')}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
