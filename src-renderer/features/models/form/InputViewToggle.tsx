import type { InputView } from './inputDraft';

const VIEWS: { view: InputView; label: string; hint: string }[] = [
  { view: 'form', label: 'Form', hint: 'Fill in the fields the model’s schema describes' },
  { view: 'json', label: 'JSON', hint: 'Write the model’s input as JSON' },
];

/** Form or JSON: two views of the same input (inputDraft.ts keeps them in step). */
export function InputViewToggle({
  view,
  onView,
  formAvailable,
}: {
  view: InputView;
  onView: (view: InputView) => void;
  formAvailable: boolean;
}) {
  return (
    <div
      role="group"
      aria-label="Edit the input as"
      className="inline-flex rounded border border-line bg-raised p-0.5"
    >
      {VIEWS.map((entry) => {
        const current = entry.view === view;
        const off = entry.view === 'form' && !formAvailable;
        return (
          <button
            key={entry.view}
            type="button"
            aria-pressed={current}
            disabled={off}
            title={off ? 'This model publishes no input schema, so there is no form' : entry.hint}
            onClick={() => onView(entry.view)}
            className={`h-6 rounded-sm px-2.5 text-[11px] font-medium disabled:cursor-not-allowed disabled:opacity-50 ${
              current ? 'bg-hover text-fg' : 'text-muted hover:text-fg'
            }`}
          >
            {entry.label}
          </button>
        );
      })}
    </div>
  );
}
