// A stand-in for main's planner in the renderer's tests: enough of the sweep syntax (whole-number ranges and
// plain lists) and of inputs axes (each asset a core/ASSET reference) to answer batches.plan with a real
// product of axes, so a test sees the count follow the axes. What main refuses, a test says itself with an
// override.
import type { BatchAxisRequest, BatchPlanArgs, BatchPlanPreview } from '../../../../../src-shared/contract';

type PlanValue = BatchPlanPreview['items'][number]['values'][number]['value'];

interface FakeAxis {
  kind: 'sweep' | 'inputs';
  target: string;
  source: string;
  values: PlanValue[];
}

function readSweep(text: string): FakeAxis {
  const source = text.trim();
  const [target = '', spec = ''] = source.split('=');
  const range = /^(-?\d+)\.\.(-?\d+)$/.exec(spec.trim());
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    return {
      kind: 'sweep',
      target,
      source,
      values: Array.from({ length: to - from + 1 }, (_, i) => from + i),
    };
  }
  const values = spec.split(',').map((value) => {
    const trimmed = value.trim();
    return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
  });
  return { kind: 'sweep', target, source, values };
}

function readAxis(axis: BatchAxisRequest): FakeAxis[] {
  if (axis.kind === 'sweep') return [readSweep(axis.text)];
  if (axis.kind === 'table') return [];
  const count = axis.assetIds.length;
  return [
    {
      kind: 'inputs',
      target: axis.target,
      source: `${axis.target}=${count} ${count === 1 ? 'asset' : 'assets'}`,
      values: axis.assetIds.map((id) => ({ __type: 'core/ASSET', info: { id } })),
    },
  ];
}

export interface FakePlanOptions {
  checked?: boolean;
  problems?: BatchPlanPreview['problems'];
}

/** Every combination of the sweeps and inputs axes, first axis outermost; the first 20 items listed. */
export function fakePlan(args: BatchPlanArgs, options: FakePlanOptions = {}): BatchPlanPreview {
  const axes = args.axes.flatMap(readAxis);
  const count = axes.reduce((product, axis) => product * axis.values.length, 1) * (args.repeat ?? 1);
  const items: BatchPlanPreview['items'] = [];
  for (let index = 0; index < Math.min(count, 20); index += 1) {
    let rest = index;
    const values = [...axes].reverse().map((axis) => {
      const value = axis.values[rest % axis.values.length] ?? null;
      rest = Math.floor(rest / axis.values.length);
      return { target: axis.target, value };
    });
    items.push({ index, values: values.reverse() });
  }
  return {
    count,
    columns: axes.map((axis) => ({
      target: axis.target,
      source: axis.source,
      kind: axis.kind,
      length: axis.values.length,
      firstValues: axis.values.slice(0, 5),
    })),
    items,
    problems: options.problems ?? [],
    checked: options.checked ?? true,
  };
}
