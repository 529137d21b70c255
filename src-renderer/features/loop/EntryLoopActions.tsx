import type { LibraryEntry } from '../../../src-shared/contract';
import { Button } from '../../components/Button';
import { visibleText } from '../../lib/visibleText';
import { UseAsInputButton } from './UseAsInputButton';
import { useLoopActions } from './useLoopActions';

/** A library entry's loop: Vary this (its job's workflow in New batch) and Use as input (a picture). */
export function EntryLoopActions({ entry, onLeave }: { entry: LibraryEntry; onLeave: () => void }) {
  const actions = useLoopActions();
  return (
    <section aria-label="Vary and reuse" className="flex flex-wrap items-center gap-1.5">
      <Button
        disabled={actions.busy}
        title="Open New batch with this job's workflow and values"
        onClick={() =>
          void actions.varyThis(entry.profileId, entry.jobId).then((done) => {
            if (done) onLeave();
          })
        }
      >
        Vary this
      </Button>
      {entry.type === 'image' ? (
        <UseAsInputButton fromProfileId={entry.profileId} assetIds={[entry.assetId]} onLeave={onLeave} />
      ) : null}
      {actions.problem === null ? null : (
        <p role="alert" className="w-full text-[11px] text-state-failed">
          {visibleText(actions.problem)}
        </p>
      )}
    </section>
  );
}
