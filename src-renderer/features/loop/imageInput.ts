// Which inputs of a job can take a library output in Run again with changes, and the value that puts one
// there: the service's `core/ASSET` reference, as the planner writes for an inputs axis
// (core/plan/inputsAxis.ts).
import type { JobRecipe } from '../../../src-shared/contract';
import { looksLikeFileInput } from '../batches/newBatch/inputsTargets';

type Input = JobRecipe['inputs'][number];

export interface AssetReference {
  __type: 'core/ASSET';
  info: { id: string };
}

export function assetReference(assetId: string): AssetReference {
  return { __type: 'core/ASSET', info: { id: assetId } };
}

/** The asset id an input's value refers to, or null when it holds something else. */
export function referencedAssetId(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('__type' in value) || !('info' in value)) return null;
  const info = value.info;
  if (value.__type !== 'core/ASSET' || typeof info !== 'object' || info === null || !('id' in info))
    return null;
  return typeof info.id === 'string' ? info.id : null;
}

/** An input that names a picture: an asset reference already, or a Load… node's file name. */
export function takesPicture(input: Input): boolean {
  if (referencedAssetId(input.value) !== null) return true;
  const name = input.target.slice(input.target.indexOf('.') + 1);
  const value = input.value;
  return (
    (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') &&
    looksLikeFileInput(input.classType, name, value)
  );
}
