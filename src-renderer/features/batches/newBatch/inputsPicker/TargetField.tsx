import { useId } from 'react';
import { INPUT_CLASS } from '../../../../components/FormField';
import { visibleText } from '../../../../lib/visibleText';
import type { FileTarget } from '../inputsTargets';

interface TargetFieldProps {
  targets: readonly FileTarget[];
  value: string;
  /** Inputs another inputs axis already binds files to. */
  taken: ReadonlySet<string>;
  onChange: (target: string) => void;
}

function optionText(target: FileTarget, taken: boolean): string {
  const text = `${target.target} · ${target.node} · now ${target.now}${taken ? ' (bound by another axis)' : ''}`;
  return visibleText(text);
}

/** Which input the files go to: those that look like they take a file first, then any other text input. */
export function TargetField({ targets, value, taken, onChange }: TargetFieldProps) {
  const id = useId();
  const likely = targets.filter((target) => target.likely);
  const others = targets.filter((target) => !target.likely);
  // An axis kept from before (another workflow, a template) may bind an input this workflow lacks.
  const missing = value !== '' && !targets.some((target) => target.target === value);
  const group = (label: string, list: readonly FileTarget[]) =>
    list.length === 0 ? null : (
      <optgroup label={label}>
        {list.map((target) => (
          <option key={target.target} value={target.target}>
            {optionText(target, taken.has(target.target))}
          </option>
        ))}
      </optgroup>
    );
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="shrink-0 text-xs text-muted">
        Bind to input
      </label>
      <select
        id={id}
        className={`${INPUT_CLASS} font-mono`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {group('Takes a file', likely)}
        {group('Other text inputs', others)}
        {missing ? (
          <optgroup label="Not in this workflow">
            <option value={value}>{visibleText(value)}</option>
          </optgroup>
        ) : null}
      </select>
    </div>
  );
}
