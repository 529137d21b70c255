import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { JobsIcon } from '../../../components/icons';
import { useLoupe } from '../../../lib/loupeContext';
import { profilesQuery } from '../../../queries/appQueries';
import { useTryDemo } from '../../onboarding/useFirstRunActions';
import { SubmitButton } from '../actions/SubmitButton';

/** An empty list: what goes here, and the next steps (submit a workflow, or look around on the Demo server). */
export function NoJobsYet({ onFile }: { onFile: (file: File) => void }) {
  const loupe = useLoupe();
  const profiles = useQuery(profilesQuery(loupe));
  const tryDemo = useTryDemo(profiles.data);
  const list = profiles.data;
  const demo = list?.profiles.find((profile) => profile.builtIn === 'demo');
  const onDemo = demo !== undefined && list?.activeProfileId === demo.id;
  return (
    <EmptyState
      icon={<JobsIcon />}
      title="No jobs yet"
      actions={
        <>
          <SubmitButton variant="primary" onFile={onFile} />
          {demo && !onDemo ? <Button onClick={() => tryDemo.mutate()}>Try the Demo server</Button> : null}
        </>
      }
    >
      Jobs you submit here or with the <span className="font-mono">loupe</span> command appear in this list,
      newest first, with live progress. Drop a workflow <span className="font-mono">.json</span> file anywhere
      on the window to submit it.
    </EmptyState>
  );
}
