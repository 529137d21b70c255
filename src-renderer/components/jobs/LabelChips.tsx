import { visibleText } from '../../lib/visibleText';

/** Labels as small `key=value` chips, plain text with hidden characters shown; the rest counted. */
export function LabelChips({ labels, max = 3 }: { labels: Record<string, string>; max?: number }) {
  const entries = Object.entries(labels);
  if (entries.length === 0) return null;
  const shown = entries.slice(0, max);
  return (
    <span className="flex min-w-0 shrink items-center justify-end gap-1 overflow-hidden">
      {shown.map(([key, value]) => {
        const text = `${visibleText(key)}=${visibleText(value)}`;
        return (
          <span
            key={key}
            title={text}
            className="max-w-40 min-w-0 shrink truncate rounded border border-line bg-raised px-1 font-mono text-[10px] leading-4 text-muted"
          >
            {text}
          </span>
        );
      })}
      {entries.length > max ? <span className="text-[10px] text-faint">+{entries.length - max}</span> : null}
    </span>
  );
}
