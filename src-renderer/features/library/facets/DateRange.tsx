import { FacetGroup } from './FacetGroup';

interface DateRangeProps {
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from?: string; to?: string }) => void;
}

/** A local calendar day as the ISO instant it starts at; `nextDay` for an inclusive "to". */
function dayStart(day: string, nextDay = false): string | undefined {
  if (day === '') return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return undefined;
  if (nextDay) date.setDate(date.getDate() + 1);
  return date.toISOString();
}

function dayOf(iso: string | undefined, dayBefore = false): string {
  if (iso === undefined) return '';
  const date = new Date(iso);
  if (dayBefore) date.setDate(date.getDate() - 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Made between two days, both included. */
export function DateRange({ from, to, onChange }: DateRangeProps) {
  const input = 'h-7 w-full rounded border border-line bg-raised px-1 text-xs';
  return (
    <FacetGroup title="Made">
      <label className="flex items-center gap-1.5 text-xs">
        <span className="w-8 text-muted">From</span>
        <input
          type="date"
          aria-label="Made from"
          value={dayOf(from)}
          onChange={(event) => onChange({ from: dayStart(event.target.value) })}
          className={input}
        />
      </label>
      <label className="flex items-center gap-1.5 text-xs">
        <span className="w-8 text-muted">To</span>
        <input
          type="date"
          aria-label="Made to"
          value={dayOf(to, true)}
          onChange={(event) => onChange({ to: dayStart(event.target.value, true) })}
          className={input}
        />
      </label>
    </FacetGroup>
  );
}
