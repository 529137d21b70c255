import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import { draftOf, type JsonValue } from '../form/inputDraft';
import { schemaValidator } from '../form/schemaValidator';
import { DEFAULT_SETUP, useModelsUi, type ModelWork } from '../modelsUiStore';

/** The schema's defaults, as the form starts with them (an object model with none starts empty). */
export function defaultsFor(schema: RJSFSchema | null): JsonValue {
  if (schema === null) return {};
  const filled: unknown = getDefaultFormState(schemaValidator, schema, undefined, schema);
  return (filled ?? {}) as JsonValue;
}

/**
 * A model's input and run options as the user left them (or its defaults, the first time), kept in the
 * screen's store so they survive leaving the page; `update` writes them back.
 */
export function useModelWork(modelId: string, schema: RJSFSchema | null) {
  const saved = useModelsUi((state) => state.work.get(modelId));
  const setWork = useModelsUi((state) => state.setWork);
  const fresh = useMemo<ModelWork>(
    () => ({ draft: draftOf(defaultsFor(schema), schema === null ? 'json' : 'form'), setup: DEFAULT_SETUP }),
    [schema],
  );
  const work = saved ?? fresh;
  // Read back from the store, not this render: two updates in one event must not undo each other.
  const update = (next: Partial<ModelWork>) =>
    setWork(modelId, { ...(useModelsUi.getState().work.get(modelId) ?? fresh), ...next });
  return { work, update };
}
