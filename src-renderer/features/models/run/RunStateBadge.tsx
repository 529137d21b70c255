import { runLook } from '../runStates';

/** A run's state as a dot and a word, in the colour every screen gives that state. */
export function RunStateBadge({ state, size = 'sm' }: { state: string; size?: 'sm' | 'md' }) {
  const { label, look } = runLook(state);
  return (
    <span
      className={`inline-flex items-center gap-1.5 ${size === 'md' ? 'text-sm font-medium' : 'text-xs'} ${look.text}`}
      data-testid="run-state"
      data-state={state}
    >
      <span aria-hidden="true" className={`inline-block h-2 w-2 shrink-0 rounded-full ${look.dot}`} />
      {label}
    </span>
  );
}
