// What can be done to a run after it started: cancel it (queued runs), try it again under its own key,
// run the same input again as a new run, or open its model's form with that input to change it first.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouterRunDetail, RouterRunOptions } from '../../../../src-shared/contracts/models';
import { unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';
import { draftOf } from '../form/inputDraft';
import { modelKeys } from '../../../queries/modelKeys';
import { runQuery } from '../modelQueries';
import { DEFAULT_SETUP, useModelsUi, type RunSetup } from '../modelsUiStore';
import { putRun } from '../runCache';

/** The form's options for a run's recorded ones. */
export function setupOf(run: Pick<RouterRunDetail, 'mode' | 'options'>): RunSetup {
  return {
    mode: run.mode,
    provider: run.options.modelProvider ?? '',
    strict: run.options.strictMode ?? false,
    fallback: run.options.fallback ?? DEFAULT_SETUP.fallback,
  };
}

/** models.run's options for the form's: only what differs from the Router's own defaults is sent. */
export function optionsOf(setup: RunSetup): RouterRunOptions {
  const options: RouterRunOptions = {};
  if (setup.provider !== '') {
    options.modelProvider = setup.provider;
    if (setup.strict) options.strictMode = true;
  }
  if (setup.mode === 'sync' && !setup.fallback) options.fallback = false;
  return options;
}

export function useRunActions(profileId: string) {
  const loupe = useLoupe();
  const client = useQueryClient();
  const openRun = useModelsUi((state) => state.openRun);

  const cancel = useMutation({
    mutationFn: async (runId: string) => {
      const run = await unwrap(loupe.models.cancelRun({ profileId, runId }));
      putRun(client, profileId, run);
      return run;
    },
  });
  const retry = useMutation({
    mutationFn: async (runId: string) => {
      const run = await unwrap(loupe.models.retryRun({ profileId, runId }));
      putRun(client, profileId, run);
      return run;
    },
  });
  /** The same input and options as a new run (a new key: it is charged as a new run). */
  const runAgain = useMutation({
    mutationFn: async (runId: string) => {
      const source = await client.query(runQuery(loupe, profileId, runId));
      const run = await unwrap(
        loupe.models.run({
          profileId,
          modelId: source.modelId,
          input: source.input,
          mode: source.mode,
          options: source.options,
        }),
      );
      putRun(client, profileId, run);
      return run;
    },
    onSuccess: (run) => openRun(run.runId),
  });

  /** Opens the run's model with its input in the form, to change before running. */
  const editAndRun = async (runId: string) => {
    const source =
      client.getQueryData<RouterRunDetail>(modelKeys.run(profileId, runId)) ??
      (await client.query(runQuery(loupe, profileId, runId)));
    const ui = useModelsUi.getState();
    ui.setWork(source.modelId, { draft: draftOf(source.input), setup: setupOf(source) });
    // The run's own answer stays under the form: a refusal's field errors show on the fields to fix.
    ui.setLastRun(source.modelId, source.runId);
    ui.openModel(source.modelId);
  };

  return { cancel, retry, runAgain, editAndRun };
}
