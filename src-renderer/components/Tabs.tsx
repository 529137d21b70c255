// A row of tabs over one panel (WAI-ARIA tabs): the chosen tab holds the tab stop, the arrow keys move to the
// next or previous one (wrapping) and focus it. The job detail's tabs and a batch's outputs use it.
import { useId, type KeyboardEvent, type ReactNode } from 'react';

export interface TabSpec<T extends string> {
  name: T;
  label: string;
  /** A count shown after the label (outputs, pictures); nothing when absent or zero. */
  count?: number;
  /** Extra classes for this tab's button (the job's Error tab is red). */
  className?: string;
}

interface TabsProps<T extends string> {
  label: string;
  tabs: readonly TabSpec<T>[];
  current: T;
  onChoose: (tab: T) => void;
  children: ReactNode;
}

export function Tabs<T extends string>({ label, tabs, current, onChoose, children }: TabsProps<T>) {
  const baseId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const index = tabs.findIndex((tab) => tab.name === current);
    const next = tabs[(index + step + tabs.length) % tabs.length]?.name ?? current;
    onChoose(next);
    document.getElementById(`${baseId}-${next}`)?.focus();
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        role="tablist"
        aria-label={label}
        className="flex shrink-0 gap-1 border-b border-line px-3"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const selected = tab.name === current;
          return (
            <button
              key={tab.name}
              id={`${baseId}-${tab.name}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChoose(tab.name)}
              className={`-mb-px border-b-2 px-2.5 py-2 text-xs ${
                selected ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg'
              } ${tab.className ?? ''}`}
            >
              {tab.label}
              {tab.count !== undefined && tab.count > 0 ? (
                <span className="ml-1 text-faint tabular-nums">{tab.count}</span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-${current}`}
        className="flex min-h-0 flex-1 flex-col"
      >
        {children}
      </div>
    </div>
  );
}
