// Files the caller already uploaded, bound to one input (`10.image`): each asset id becomes one value, the
// service's `core/ASSET` reference, which it resolves to the file. The planner only binds; the caller
// uploads.
import type { PlanAxis } from './planAxis';
import { BatchPlanError } from './planError';
import { resolveTarget } from './targets';
import type { ApiWorkflow, JsonValue } from './workflowShape';

/** The reference the service reads in place of a file name. */
export function assetReference(assetId: string): JsonValue {
  return { __type: 'core/ASSET', info: { id: assetId } };
}

export function inputsAxis(target: string, assetIds: readonly string[], workflow: ApiWorkflow): PlanAxis {
  const written = target.trim();
  const source = `${written}=${assetIds.length} ${assetIds.length === 1 ? 'asset' : 'assets'}`;
  const context = { part: 'inputs', source } as const;
  const resolved = resolveTarget(written, workflow, context);
  const current = workflow[resolved.nodeId]?.inputs[resolved.input];
  if (typeof current === 'number' || typeof current === 'boolean') {
    throw new BatchPlanError(
      `${resolved.key} holds ${typeof current === 'number' ? 'a number' : 'true or false'}, not a file. ` +
        'Bind uploaded files to the input that names a file (a LoadImage node’s image, say).',
      { ...context, target: resolved.key },
    );
  }
  if (assetIds.length === 0) {
    throw new BatchPlanError(
      `${written}: no files are bound to it. Upload at least one file for this input.`,
      {
        ...context,
        target: resolved.key,
      },
    );
  }
  const blank = assetIds.findIndex((id) => id.trim() === '');
  if (blank !== -1) {
    throw new BatchPlanError(
      `${written}: file ${blank + 1} has no asset id. Upload it again, then plan the batch.`,
      {
        ...context,
        target: resolved.key,
      },
    );
  }
  const values = assetIds.map(assetReference);
  return {
    kind: 'inputs',
    source,
    targets: [resolved],
    length: values.length,
    valuesAt: (index) => [values[index] ?? null],
  };
}
