/** The switch that shows or hides an error's raw code, one click away (ARCHITECTURE.md, "The look"). */
export function DetailsToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="text-faint hover:text-muted hover:underline"
      aria-expanded={shown}
      onClick={onToggle}
    >
      {shown ? 'Hide details' : 'Details'}
    </button>
  );
}
