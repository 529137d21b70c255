// Starting a model's run from its page. The call and what follows it (the answer into the cache, the run
// under the form) happen in the mutation itself, so they complete even when the user has left the page
// while a synchronous run waits; coming back finds the wait (from the mutation cache) or the answer.
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { RouterRunDetail } from '../../../../src-shared/contracts/models';
import { unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';
import type { JsonValue } from '../form/inputDraft';
import { useModelsUi, type RunSetup } from '../modelsUiStore';
import { putRun } from '../runCache';
import { optionsOf } from '../run/useRunActions';

export interface StartArgs {
  input: JsonValue;
  setup: RunSetup;
}

export interface StartState {
  /** When the latest start was sent, while its answer is awaited; null otherwise. */
  waitingSince: number | null;
  mode: RunSetup['mode'] | null;
  /** The call itself failed (no answer from the Router to record): why. */
  error: Error | null;
}

function isStartArgs(value: unknown): value is StartArgs {
  return typeof value === 'object' && value !== null && 'setup' in value && 'input' in value;
}

export function useStartRun(profileId: string, modelId: string) {
  const loupe = useLoupe();
  const client = useQueryClient();
  const mutationKey = ['models', profileId, 'start', modelId];
  const mutation = useMutation({
    mutationKey,
    mutationFn: async ({ input, setup }: StartArgs): Promise<RouterRunDetail> => {
      const run = await unwrap(
        loupe.models.run({ profileId, modelId, input, mode: setup.mode, options: optionsOf(setup) }),
      );
      putRun(client, profileId, run);
      useModelsUi.getState().setLastRun(modelId, run.runId);
      return run;
    },
  });
  const states = useMutationState({
    filters: { mutationKey, exact: true },
    select: (entry): StartState => {
      const variables: unknown = entry.state.variables;
      return {
        waitingSince: entry.state.status === 'pending' ? entry.state.submittedAt : null,
        mode: isStartArgs(variables) ? variables.setup.mode : null,
        error: entry.state.status === 'error' ? entry.state.error : null,
      };
    },
  });
  const latest: StartState = states[states.length - 1] ?? { waitingSince: null, mode: null, error: null };
  return { start: mutation.mutate, latest };
}
