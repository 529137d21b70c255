import type { TimePreset } from '../jobsUiStore';
import { useJobsUi } from '../jobsUiStore';
import { TIME_PRESETS, timeRangeFor } from './listArgs';

const SELECT_CLASS = 'h-5 rounded border border-line bg-raised px-1 text-[11px] text-fg';

/** `datetime-local` speaks local time without a zone; the contract wants ISO with one. */
function toIso(local: string): string | null {
  if (!local) return null;
  const ms = new Date(local).getTime();
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

function toLocal(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
}

/** When the job was created: a preset (fixed to absolute times when chosen) or a range of your own. */
export function TimeRangePicker() {
  const time = useJobsUi((state) => state.filters.time);
  const setFilters = useJobsUi((state) => state.setFilters);
  return (
    <div className="flex items-center gap-1">
      <select
        aria-label="Created"
        value={time.preset}
        onChange={(event) =>
          setFilters({ time: timeRangeFor(event.target.value as TimePreset, Date.now(), time) })
        }
        className={SELECT_CLASS}
      >
        {TIME_PRESETS.map((preset) => (
          <option key={preset.value} value={preset.value}>
            {preset.label}
          </option>
        ))}
      </select>
      {time.preset === 'custom' ? (
        <>
          <input
            type="datetime-local"
            aria-label="Created after"
            value={toLocal(time.after)}
            onChange={(event) => setFilters({ time: { ...time, after: toIso(event.target.value) } })}
            className={SELECT_CLASS}
          />
          <span className="text-[11px] text-faint">–</span>
          <input
            type="datetime-local"
            aria-label="Created before"
            value={toLocal(time.before)}
            onChange={(event) => setFilters({ time: { ...time, before: toIso(event.target.value) } })}
            className={SELECT_CLASS}
          />
        </>
      ) : null}
    </div>
  );
}
