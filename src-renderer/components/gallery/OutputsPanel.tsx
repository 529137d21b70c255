import type { ReactNode } from 'react';
import { useAssetBase } from '../../queries/assetQueries';
import { LoadingNote } from '../LoadingNote';
import { QueryErrorNotice } from '../QueryErrorNotice';
import { Spinner } from '../Spinner';

interface OutputsPanelProps {
  /** The profile whose outputs these are. */
  profileId: string;
  /** Outputs so far. */
  count: number;
  /** More outputs may land. */
  writing: boolean;
  /** While none has landed: show that the first one is being waited for. */
  waiting: boolean;
  /** Said when nothing was written and nothing will be, e.g. "This job produced no outputs." */
  none: string;
  /** Said while none has landed but some may. */
  coming: string;
  /** The gallery, once the asset route's base is known. */
  children: (base: string) => ReactNode;
}

/**
 * What stands where outputs go until they can be shown: a note while there are none, then the wait for (or
 * the failure to find) the asset route. One job's outputs tab and a batch's gallery wait the same way.
 */
export function OutputsPanel({
  profileId,
  count,
  writing,
  waiting,
  none,
  coming,
  children,
}: OutputsPanelProps) {
  const base = useAssetBase(profileId);
  if (count === 0) {
    return (
      <div role="status" className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-xs">
        {writing ? (
          <>
            <p className="text-muted">{coming}</p>
            {waiting ? (
              <p className="flex items-center gap-1.5 text-[11px] text-faint">
                <Spinner className="text-state-running" /> Waiting for the first one…
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-muted">{none}</p>
        )}
      </div>
    );
  }
  if (base.isPending) return <LoadingNote>Loading the outputs…</LoadingNote>;
  if (base.isError) {
    return <QueryErrorNotice doing="find where this window loads output files from" query={base} />;
  }
  return children(base.data);
}
