import { JOB_STATUSES, type JobStatus } from '../../../../src-shared/contract';
import { STATUS_LOOK } from '../../../components/jobs/jobStatusLook';
import { useJobsUi } from '../jobsUiStore';

/** One toggle per state; none pressed means every state. Its chips flow with the filter bar around them. */
export function StatusChips() {
  const statuses = useJobsUi((state) => state.filters.statuses);
  const setFilters = useJobsUi((state) => state.setFilters);
  const toggle = (status: JobStatus) =>
    setFilters({
      statuses: statuses.includes(status) ? statuses.filter((s) => s !== status) : [...statuses, status],
    });
  return (
    <div role="group" aria-label="Filter by state" className="contents">
      {JOB_STATUSES.map((status) => {
        const look = STATUS_LOOK[status];
        const pressed = statuses.includes(status);
        return (
          <button
            key={status}
            type="button"
            aria-pressed={pressed}
            onClick={() => toggle(status)}
            className={`inline-flex h-5 items-center gap-1 rounded-full border px-1.5 text-[11px] ${
              pressed ? `${look.chip} text-fg` : 'border-line text-muted hover:bg-hover hover:text-fg'
            }`}
          >
            <span aria-hidden="true" className={`inline-block h-1.5 w-1.5 rounded-full ${look.dot}`} />
            {look.label}
          </button>
        );
      })}
    </div>
  );
}
