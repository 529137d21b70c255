import type { ReactNode } from 'react';
import type { LibraryFacetCount } from '../../../../src-shared/contract';

/** A titled group of facet choices. */
export function FacetGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    // min-w-0: a fieldset is as wide as its content by default, which would push a long name past the panel.
    <fieldset className="mb-3 min-w-0">
      <legend className="mb-1 text-[10px] font-semibold tracking-wide text-faint uppercase">{title}</legend>
      <div className="flex flex-col gap-0.5">{children}</div>
    </fieldset>
  );
}

interface FacetChecksProps {
  title: string;
  counts: readonly LibraryFacetCount[];
  picked: readonly string[] | undefined;
  onChange: (picked: string[]) => void;
}

/** Checkboxes, one per value main counted, each with its count; several may be picked. */
export function FacetChecks({ title, counts, picked = [], onChange }: FacetChecksProps) {
  if (counts.length === 0) return null;
  return (
    <FacetGroup title={title}>
      {counts.map(({ value, label, count }) => {
        const on = picked.includes(value);
        return (
          <label key={value} className="flex items-center gap-1.5 text-xs">
            <input
              type="checkbox"
              checked={on}
              onChange={() => onChange(on ? picked.filter((p) => p !== value) : [...picked, value])}
            />
            <span className="min-w-0 flex-1 truncate" title={label}>
              {label}
            </span>
            <span className="text-faint tabular-nums">{count.toLocaleString()}</span>
          </label>
        );
      })}
    </FacetGroup>
  );
}
