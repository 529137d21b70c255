// `NODE.INPUT=SPEC` as an axis: the target resolved, the values read from the spec and typed as the input.
// Lists and files are typed in full here, so a bad value is refused when the plan is made; a range is typed
// lazily (its numbers are all numbers), checked once up front for a target that cannot take a number.
import type { PlanAxis } from './planAxis';
import { BatchPlanError, shownSource } from './planError';
import { readSweepSpec, type ReadFile } from './sweepSpec';
import { resolveScalarTarget } from './targets';
import { typedNumber, typedValue } from './valueTyping';
import type { ApiWorkflow, JsonValue } from './workflowShape';

export function sweepAxis(text: string, workflow: ApiWorkflow, readFile: ReadFile | undefined): PlanAxis {
  const source = text.trim();
  const equals = source.indexOf('=');
  if (equals === -1) {
    throw new BatchPlanError(
      `${JSON.stringify(shownSource(source))} is not a sweep. Write NODE.INPUT=VALUES, ` +
        'for example 3.seed=1..8, 6.text=a,b,c or 3.cfg=@cfgs.txt.',
      { part: 'sweep', source },
    );
  }
  const context = { part: 'sweep', source } as const;
  const target = resolveScalarTarget(source.slice(0, equals), workflow, context);
  const values = readSweepSpec(source.slice(equals + 1), source, readFile);
  const base = { kind: 'sweep', source, targets: [target] } as const;
  const where = shownSource(source);

  if (values.form === 'range') {
    const { range } = values;
    typedNumber(range.at(0), target, where, context);
    return {
      ...base,
      length: range.length,
      valuesAt: (index) => [typedNumber(range.at(index), target, where, context)],
    };
  }
  const typed: JsonValue[] =
    values.form === 'list'
      ? values.texts.map((text) => typedValue(text, target, where, context))
      : values.texts.map((text, i) => {
          const line = values.lines[i] ?? 0;
          return typedValue(text, target, `${where}, line ${line} of ${values.name}`, { ...context, line });
        });
  return { ...base, length: typed.length, valuesAt: (index) => [typed[index] ?? null] };
}
