import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import type { ReactNode } from 'react';
import type { RouterRunMode } from '../../../../src-shared/contracts/models';
import { LowSpendNote } from './LowSpendNote';

interface RunBarProps {
  profileId: string;
  mode: RouterRunMode;
  /** A synchronous run from this page is waiting for its answer. */
  waiting: boolean;
  /** Problems the schema check found on the last Run (nothing was sent). */
  problems: number;
  /** The Router named fields the form does not draw. */
  unplaced: number;
  onRun: () => void;
  /** How to run (RunOptions), on the same line as Run. */
  children: ReactNode;
}

/** Run (or Queue), with what stands in its way said beside it: problems in the input, low spend. */
export function RunBar({ profileId, mode, waiting, problems, unplaced, onRun, children }: RunBarProps) {
  const label = mode === 'sync' ? 'Run' : 'Queue run';
  return (
    <div className="space-y-1" data-testid="run-bar">
      <div className="flex items-center gap-3">
        {children}
        <Button
          variant="primary"
          onClick={onRun}
          disabled={waiting}
          title={`${label} (Ctrl+Enter)`}
          aria-keyshortcuts="Control+Enter"
          data-testid="run-button"
        >
          {waiting ? <Spinner /> : null}
          {waiting ? 'Running…' : label}
        </Button>
      </div>
      <LowSpendNote profileId={profileId} />
      <p role="status" className="text-[11px] text-state-failed empty:hidden" data-testid="input-problems">
        {problems > 0
          ? `Nothing was sent: ${problems === 1 ? '1 problem needs' : `${problems} problems need`} fixing first.`
          : ''}
      </p>
      {unplaced > 0 ? (
        <p className="text-[11px] text-faint">
          The model also named {unplaced === 1 ? 'a field' : `${unplaced} fields`} the form does not show; the
          JSON view lists {unplaced === 1 ? 'it' : 'them'}.
        </p>
      ) : null}
    </div>
  );
}
