import { useId, useState } from 'react';
import { visibleText } from '../../../lib/visibleText';
import { useJobsUi } from '../jobsUiStore';
import { MAX_LABEL_FILTERS, parseLabelFilter } from './labelFilters';

/**
 * Up to three `key=value` label filters, each checked before it is added (and so before it is sent). Its
 * chips and field flow inside the filter bar; a problem takes a line of its own below them.
 */
export function LabelFilterInput() {
  const labels = useJobsUi((state) => state.filters.labels);
  const setFilters = useJobsUi((state) => state.setFilters);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const noteId = useId();

  const add = () => {
    if (text.trim() === '') return;
    const parsed = parseLabelFilter(text, labels);
    if (!parsed.ok) {
      setProblem(parsed.message);
      return;
    }
    setFilters({ labels: [...labels, parsed.filter] });
    setText('');
    setProblem(null);
  };

  return (
    <div className="contents">
      {labels.map((filter) => {
        const label = `${visibleText(filter.key)}=${visibleText(filter.value)}`;
        return (
          <span
            key={filter.key}
            className="inline-flex h-5 max-w-48 items-center gap-1 rounded border border-accent/40 bg-accent/10 pr-0.5 pl-1.5 font-mono text-[11px] text-fg"
          >
            <span className="truncate" title={label}>
              {label}
            </span>
            <button
              type="button"
              aria-label={`Remove label filter ${label}`}
              onClick={() => setFilters({ labels: labels.filter((f) => f.key !== filter.key) })}
              className="rounded px-1 text-muted hover:bg-hover hover:text-fg"
            >
              ×
            </button>
          </span>
        );
      })}
      {labels.length < MAX_LABEL_FILTERS ? (
        <input
          type="text"
          value={text}
          spellCheck={false}
          aria-label="Add a label filter (key=value)"
          aria-invalid={problem !== null}
          aria-describedby={problem ? noteId : undefined}
          placeholder="label key=value"
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          onBlur={() => {
            if (text.trim() !== '') add();
          }}
          className="h-5 w-36 rounded border border-line bg-raised px-1.5 font-mono text-[11px] text-fg placeholder:font-sans placeholder:text-faint aria-[invalid=true]:border-state-failed/70"
        />
      ) : null}
      {problem ? (
        <p id={noteId} role="alert" className="basis-full text-[11px] text-state-failed">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
