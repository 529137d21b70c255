import { useState, type SyntheticEvent } from 'react';
import type { JobSnapshot } from '../../../src-shared/contract';
import { Button } from '../../components/Button';
import { unwrap } from '../../lib/callError';
import { useLoupe } from '../../lib/loupeContext';
import { visibleText } from '../../lib/visibleText';
import { useLoopUi, type ComparePick } from './loopUiStore';

/** A job's first picture as a compare pick, or null when it has none. */
export function firstPicture(job: JobSnapshot, profileId: string): ComparePick | null {
  const image = job.outputs.find((output) => output.type === 'image');
  return image === undefined ? null : { profileId, jobId: job.id, assetId: image.assetId, label: image.name };
}

/**
 * "Compare with job…" on a job's page: another job of the same profile, named by its id, is read through
 * `jobs.get` (main checks the id and asks the service), and the two jobs' first pictures open in Compare.
 * A typing slip, a job the service does not know, or one with no picture is said here, beside the field.
 */
export function CompareWithJob({ job, profileId }: { job: JobSnapshot; profileId: string }) {
  const loupe = useLoupe();
  const openCompare = useLoopUi((state) => state.openCompare);
  const [open, setOpen] = useState(false);
  const [other, setOther] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const mine = firstPicture(job, profileId);
  if (mine === null) return null;
  if (!open)
    return (
      <Button title="Compare this job's picture with another job's" onClick={() => setOpen(true)}>
        Compare with job…
      </Button>
    );

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const jobId = other.trim();
    if (jobId === '' || jobId === job.id) {
      setProblem(jobId === '' ? 'Type or paste a job id.' : 'That is this job: name another one.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const found = await unwrap(loupe.jobs.get({ profileId, jobId }));
      const theirs = firstPicture(found, profileId);
      if (theirs === null) {
        setProblem(`Job ${jobId} has no picture to compare.`);
        return;
      }
      setOpen(false);
      setOther('');
      openCompare([mine, theirs]);
    } catch (error) {
      setProblem(
        `Loupe could not read job ${jobId}: ${error instanceof Error ? error.message : 'it failed.'}`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-label="Compare with another job"
      className="flex w-full flex-wrap items-center gap-1"
      onSubmit={(e) => void submit(e)}
    >
      <input
        aria-label="Job id to compare with"
        placeholder="job id"
        value={other}
        autoFocus
        onChange={(event) => setOther(event.target.value)}
        className="h-7 w-56 rounded border border-line bg-raised px-2 font-mono text-xs"
      />
      <Button type="submit" disabled={busy}>
        Compare
      </Button>
      <Button variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
      {problem === null ? null : (
        <span role="alert" className="text-[11px] text-state-failed">
          {visibleText(problem)}
        </span>
      )}
    </form>
  );
}
