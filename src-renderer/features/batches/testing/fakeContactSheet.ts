// Test support for the contact sheet: batches planned over axes, as the planner records them (every
// combination, first axis outermost, each item with its values in axis order), each item in whatever state
// the test says, and one image output for every job that has one.
import type {
  BatchDetail,
  BatchItem,
  BatchItemValue,
  BatchOutput,
  JobSummary,
} from '../../../../src-shared/contract';
import { ASSET_BASE, batchDetail, batchOutput, createdItem, jobSnapshot, waitingItem } from './fakeBatches';

export interface SweepAxis {
  target: string;
  values: BatchItemValue['value'][];
}

/**
 * Where an item stands: a job as Loupe last saw it (with an image when `image`, the default for a succeeded
 * one), or no job yet.
 */
export type SweptState =
  | { job: Partial<JobSummary> & Pick<JobSummary, 'status'>; image?: boolean }
  | { submission: Exclude<BatchItem['submission'], 'created'>; submitError?: string };

export const SUCCEEDED: SweptState = { job: { status: 'succeeded' } };

/** Every combination of the axes' values, in the planner's order. */
export function combinations(axes: readonly SweepAxis[]): BatchItemValue[][] {
  return axes.reduce<BatchItemValue[][]>(
    (rows, axis) =>
      rows.flatMap((row) => axis.values.map((value) => [...row, { target: axis.target, value }])),
    [[]],
  );
}

export const sweptJobId = (batchId: string, position: number) => `job-${batchId}-${position}`;
export const sweptAssetId = (batchId: string, position: number) => `${batchId}-img-${position}`;
/** Where the sheet loads an item's picture's thumbnail from (the fake host's asset route, profile "local"). */
export const sweptImageUrl = (batchId: string, position: number) =>
  `${ASSET_BASE}local/thumbs/${sweptAssetId(batchId, position)}`;
/** Where it loads the picture itself, when the thumbnail will not load. */
export const sweptOriginalUrl = (batchId: string, position: number) =>
  `${ASSET_BASE}local/${sweptAssetId(batchId, position)}`;

/** One planned item of `batchId`. */
export function sweptItem(
  batchId: string,
  position: number,
  values: BatchItemValue[],
  state: SweptState,
): { item: BatchItem; outputs: BatchOutput[] } {
  if ('submission' in state) {
    return {
      item: { ...waitingItem(position, state.submission, state.submitError ?? null), values },
      outputs: [],
    };
  }
  const jobId = sweptJobId(batchId, position);
  const image = state.image ?? state.job.status === 'succeeded';
  const outputs = image
    ? [batchOutput({ jobId, assetId: sweptAssetId(batchId, position), name: `${batchId}_${position}.png` })]
    : [];
  const job = jobSnapshot({
    id: jobId,
    status: state.job.status,
    submittedByUs: true,
    outputs: outputs.map(({ jobId: _jobId, ...output }) => output),
  });
  const item = createdItem(position, job);
  return { item: { ...item, values, job: item.job && { ...item.job, ...state.job } }, outputs };
}

/** A batch over `axes`: every combination, each in the state `stateOf` gives (succeeded with an image by default). */
export function sweepBatch(
  id: string,
  axes: readonly SweepAxis[],
  stateOf: (position: number, values: BatchItemValue[]) => SweptState = () => SUCCEEDED,
  patch: Partial<BatchDetail> = {},
): BatchDetail {
  const made = combinations(axes).map((values, position) =>
    sweptItem(id, position, values, stateOf(position, values)),
  );
  return batchDetail({
    id,
    name: `Sweep ${id}`,
    ...patch,
    items: made.map((entry) => entry.item),
    outputs: made.flatMap((entry) => entry.outputs),
  });
}
