import type { JobSnapshot } from '../../../src-shared/contract';
import { thumbnailOf } from '../../../src-shared/contract';
import { Button } from '../../components/Button';
import { visibleText } from '../../lib/visibleText';
import { CompareWithJob } from './CompareWithJob';
import { useLoopActions } from './useLoopActions';
import { useLoopUi } from './loopUiStore';

/** Vary this, Run again with changes, Compare outputs and Compare with job… on a job's page. */
export function LoopJobButtons({ job, profileId }: { job: JobSnapshot; profileId: string }) {
  const actions = useLoopActions();
  const openRun = useLoopUi((state) => state.openRunWithChanges);
  const openCompare = useLoopUi((state) => state.openCompare);
  const picture = thumbnailOf(job.outputs);
  const others = job.outputs.filter((output) => output.type === 'image');
  return (
    <>
      <Button
        disabled={actions.busy}
        title="Open New batch with this job's workflow and values"
        onClick={() => void actions.varyThis(profileId, job.id)}
      >
        Vary this
      </Button>
      <Button
        title="Change this job's inputs and run it once more"
        onClick={() => openRun(profileId, job.id)}
      >
        Run again with changes…
      </Button>
      {picture !== null && others.length >= 2 ? (
        <Button
          title="Compare this job's first two pictures"
          onClick={() =>
            openCompare(
              others
                .slice(0, 4)
                .map((output) => ({ profileId, jobId: job.id, assetId: output.assetId, label: output.name })),
            )
          }
        >
          Compare outputs
        </Button>
      ) : null}
      <CompareWithJob key={job.id} job={job} profileId={profileId} />
      {actions.problem === null ? null : (
        // Its own line under the whole row, so the buttons after these stay in place.
        <span role="alert" className="order-last basis-full text-[11px] text-state-failed">
          {visibleText(actions.problem)}
        </span>
      )}
    </>
  );
}
