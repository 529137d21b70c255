// Submit a workflow file: read its text in the renderer (File.text()), check it is JSON, and let main do
// the rest (it explains an editor export with workflow_format_ui). The first submit asks for permission to
// show a desktop notice when the job ends.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobSnapshot } from '../../../../src-shared/contract';
import { ERROR_CODES } from '../../../../src-shared/errorCodes';
import { MAX_WORKFLOW_BYTES } from '../../../../src-shared/limits';
import { jobFinishNotices } from '../../../hooks/jobFinishNotices';
import { LoupeCallError, unwrap } from '../../../lib/callError';
import { desktopNotifier } from '../../../lib/desktopNotifier';
import { isPngFile, workflowTextOfPicture } from '../../../lib/pictureWorkflow';
import { useLoupe } from '../../../lib/loupeContext';
import { writeSnapshot } from '../../../queries/jobCache';
import { useJobsUi } from '../jobsUiStore';

function refuse(code: string, message: string): never {
  throw new LoupeCallError({ code, message });
}

export function isWorkflowFile(file: File): boolean {
  return file.name.toLowerCase().endsWith('.json') || file.type === 'application/json' || isPngFile(file);
}

async function readWorkflow(file: File): Promise<string> {
  if (!isWorkflowFile(file)) {
    refuse('invalid_workflow_file', `${file.name} is not a .json file or a PNG that carries a workflow.`);
  }
  if (isPngFile(file)) {
    const picture = await workflowTextOfPicture(file);
    if (!picture.ok) refuse('invalid_workflow_file', picture.message);
    return picture.text;
  }
  if (file.size > MAX_WORKFLOW_BYTES) {
    refuse(
      'invalid_workflow_file',
      `${file.name} is larger than ${MAX_WORKFLOW_BYTES / (1024 * 1024)} MiB; a workflow file is much smaller.`,
    );
  }
  const text = await file.text();
  try {
    JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'it does not parse';
    refuse('invalid_workflow_file', `${file.name} is not valid JSON (${reason}).`);
  }
  return text;
}

/** Submits to `profileId`, the profile the screen shows; without one, a submit is refused in words. */
export function useSubmitWorkflow(profileId: string | null) {
  const loupe = useLoupe();
  const client = useQueryClient();
  const showJob = useJobsUi((state) => state.showJob);
  const mutation = useMutation({
    mutationKey: ['jobs', 'submit'],
    mutationFn: async (file: File): Promise<JobSnapshot> => {
      if (profileId === null) {
        refuse(
          ERROR_CODES.noActiveProfile,
          'Choose a connection first: a workflow runs on a profile’s service.',
        );
      }
      const workflowJson = await readWorkflow(file);
      return unwrap(loupe.jobs.submit({ profileId, workflowJson, fileName: file.name.slice(0, 255) }));
    },
    onSuccess: (job) => {
      jobFinishNotices.expect(job.id);
      writeSnapshot(client, job.profileId, job);
      // A submit from the Batches screen too: the job opens in the Jobs screen of its own profile.
      showJob(job.profileId, job.id);
    },
  });
  return {
    mutation,
    submit: (file: File) => {
      // Asked here, still inside the user's drop or click, which browsers want before they ask.
      void desktopNotifier().requestPermission();
      mutation.mutate(file);
    },
  };
}

export type WorkflowSubmitter = ReturnType<typeof useSubmitWorkflow>;
