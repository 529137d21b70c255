import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, type KeyboardEvent } from 'react';
import type { RouterRunSummary } from '../../../../src-shared/contracts/models';
import { ListPaneBody } from '../../../components/ListPaneBody';
import { ListReadError } from '../../../components/ListReadError';
import { VirtualListbox } from '../../../components/VirtualListbox';
import { useVirtualRows } from '../../../hooks/useVirtualRows';
import { useModelsUi } from '../modelsUiStore';
import { RUN_ROW_HEIGHT, RunRow } from './RunRow';

function NoRunsYet() {
  return (
    <div className="p-6 text-center text-xs leading-relaxed text-muted" role="status" data-testid="no-runs">
      <p className="mb-1 text-sm font-medium text-fg">No runs yet</p>
      <p>
        Every run of a model on this connection is kept here with its input, answer and cost. Open a model in
        the catalogue to run one.
      </p>
    </div>
  );
}

/** This profile's runs, newest first; ↑/↓ move, Enter opens. */
const NONE: RouterRunSummary[] = [];

export function RunsPane({ runs }: { runs: UseQueryResult<RouterRunSummary[]> }) {
  const list = runs.data ?? NONE;
  const rows = useMemo(() => list.map((run) => ({ id: run.runId })), [list]);
  const open = useModelsUi((state) => state.open);
  const cursorId = useModelsUi((state) => state.cursorRunId);
  const setCursor = useModelsUi((state) => state.setCursorRun);
  const openRun = useModelsUi((state) => state.openRun);
  const { scroller, virtualizer } = useVirtualRows(rows, { rowHeight: RUN_ROW_HEIGHT, cursorId });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = list.findIndex((run) => run.runId === cursorId);
    if (event.key === 'Enter' && cursorId !== null) {
      event.preventDefault();
      openRun(cursorId);
      return;
    }
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = list[Math.min(list.length - 1, Math.max(0, at + step))];
    if (next) setCursor(next.runId);
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="runs">
      <p className="px-3 pt-1.5 pb-1 text-[11px] text-faint tabular-nums" data-testid="run-count">
        {runs.isSuccess ? `${list.length} ${list.length === 1 ? 'run' : 'runs'}, newest first` : ''}
      </p>
      <ListPaneBody
        query={runs}
        count={list.length}
        loading="Loading runs…"
        doing="load the runs"
        empty={<NoRunsYet />}
      >
        <VirtualListbox
          scroller={scroller}
          totalSize={virtualizer.getTotalSize()}
          aria-label="Runs"
          aria-activedescendant={cursorId === null ? undefined : `run-row-${cursorId}`}
          onKeyDown={onKeyDown}
          data-testid="run-list"
        >
          {virtualizer.getVirtualItems().map((item) => {
            const run = list[item.index];
            if (!run) return null;
            return (
              <RunRow
                key={item.key}
                run={run}
                top={item.start}
                cursor={run.runId === cursorId}
                open={open?.kind === 'run' && open.runId === run.runId}
                onClick={openRun}
              />
            );
          })}
        </VirtualListbox>
      </ListPaneBody>
      {runs.isError && list.length > 0 ? (
        <ListReadError doing="refresh the runs" error={runs.error} onRetry={() => void runs.refetch()} />
      ) : null}
    </div>
  );
}
