// A table (CSV text) as one axis: its header names the inputs (`3.seed,6.text`), each row is one position.
// Every cell is typed when the plan is made, so a bad cell is named by its row and line before anything runs.
import { readCsv } from './csv';
import type { PlanAxis } from './planAxis';
import { BatchPlanError } from './planError';
import { resolveScalarTarget, type ScalarTarget } from './targets';
import { typedValue } from './valueTyping';
import type { ApiWorkflow, JsonValue } from './workflowShape';

function header(fields: readonly string[], workflow: ApiWorkflow, source: string): ScalarTarget[] {
  const context = { part: 'table', source, row: 0, line: 1 } as const;
  const targets = fields.map((field, column) => {
    if (field.trim() === '') {
      throw new BatchPlanError(
        `${source}: column ${column + 1} of the header is empty. ` +
          'The header names an input per column, like 3.seed,6.text.',
        context,
      );
    }
    return resolveScalarTarget(field, workflow, context);
  });
  const seen = new Set<string>();
  for (const target of targets) {
    if (seen.has(target.key)) {
      throw new BatchPlanError(
        `${source}: the header names ${target.key} twice. Keep one column per input.`,
        {
          ...context,
          target: target.key,
        },
      );
    }
    seen.add(target.key);
  }
  return targets;
}

/** `name` is how errors and previews call the table (its file name, say); `table` when there is none. */
export function tableAxis(csv: string, name: string | undefined, workflow: ApiWorkflow): PlanAxis {
  const source = name === undefined || name.trim() === '' ? 'table' : name.trim();
  const reading = readCsv(csv);
  if (!reading.ok) {
    throw new BatchPlanError(`${source}, line ${reading.line}: ${reading.reason}.`, {
      part: 'table',
      source,
      line: reading.line,
    });
  }
  const [head, ...body] = reading.records;
  if (head === undefined) {
    throw new BatchPlanError(
      `${source} is empty. A table has a header naming inputs (3.seed,6.text), then a row per item.`,
      {
        part: 'table',
        source,
      },
    );
  }
  const targets = header(head.fields, workflow, source);
  if (body.length === 0) {
    throw new BatchPlanError(`${source} has a header but no rows. Add a row of values per item under it.`, {
      part: 'table',
      source,
    });
  }
  const rows: JsonValue[][] = body.map((record, i) => {
    const row = i + 1;
    const context = { part: 'table', source, row, line: record.line } as const;
    const where = `${source}, row ${row} (line ${record.line})`;
    if (record.fields.length !== targets.length) {
      throw new BatchPlanError(
        `${where} has ${record.fields.length} values, but the header names ${targets.length} columns. ` +
          'Quote a value that holds a comma ("a, b").',
        context,
      );
    }
    return targets.map((target, column) =>
      typedValue(record.fields[column] ?? '', target, `${where}, column ${target.key}`, context),
    );
  });
  return { kind: 'table', source, targets, length: rows.length, valuesAt: (index) => rows[index] ?? [] };
}
