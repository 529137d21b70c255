import type { BatchPlanPreview } from '../../../../src-shared/contract';
import { visibleText } from '../../../lib/visibleText';
import { clipText, SUMMARY_CHARS } from '../../jobs/clipText';
import { plural } from '../batchCounts';
import { axisValueText } from '../contactSheet/axisValueText';

type PlanValue = BatchPlanPreview['items'][number]['values'][number]['value'];

/** About what a cell shows; CSS truncates the rest, the tooltip has more. */
const CELL_CHARS = 80;

function isAssetReference(value: PlanValue | undefined): boolean {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && value.__type === 'core/ASSET'
  );
}

/**
 * What a cell shows and its tooltip: text as itself (a prompt reads better without quotes), an uploaded
 * file's reference as the contact sheet writes it ("asset 0f3c9a1e", the whole id on hover), anything else
 * as JSON.
 */
function cellText(value: PlanValue | undefined): { text: string; title: string } {
  if (value === undefined) return { text: '—', title: '—' };
  if (isAssetReference(value)) return axisValueText(value);
  const whole = typeof value === 'string' ? value : JSON.stringify(value);
  return {
    text: visibleText(clipText(whole, CELL_CHARS)),
    title: visibleText(clipText(whole, SUMMARY_CHARS)),
  };
}

function problemKey(itemIndex: number, target: string): string {
  return `${itemIndex} ${target}`;
}

/** The first items, one column per input that varies; a value the service will refuse is marked in red. */
export function PlanItemsTable({ preview }: { preview: BatchPlanPreview }) {
  const targets = preview.columns.map((column) => column.target);
  const problems = new Map(
    preview.problems.map((problem) => [problemKey(problem.itemIndex, problem.target), problem.message]),
  );
  const more = preview.count - preview.items.length;
  return (
    <div className="w-fit max-w-full overflow-x-auto rounded border border-line">
      <table className="min-w-64 border-collapse text-xs" aria-label="First items" data-testid="plan-items">
        <thead className="bg-raised/60 text-left text-[11px] text-faint">
          <tr className="border-b border-line">
            <th scope="col" className="w-12 py-1.5 pr-2 pl-3 text-right font-normal">
              #
            </th>
            {targets.map((target) => (
              <th key={target} scope="col" className="px-3 py-1.5 font-mono font-normal">
                {visibleText(target)}
              </th>
            ))}
            {targets.length === 0 ? (
              <th scope="col" className="px-2 py-1.5 font-normal">
                Values
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {preview.items.map((item) => {
            const values = new Map(item.values.map((entry) => [entry.target, entry.value]));
            return (
              <tr
                key={item.index}
                className="h-7 border-b border-line/60"
                data-testid="plan-item"
                data-index={item.index}
              >
                <th scope="row" className="py-1 pr-2 pl-3 text-right font-normal text-faint tabular-nums">
                  {item.index + 1}
                </th>
                {targets.map((target) => {
                  const problem = problems.get(problemKey(item.index, target));
                  const cell = cellText(values.get(target));
                  return (
                    <td
                      key={target}
                      className={`max-w-72 truncate px-3 py-1 font-mono ${
                        problem === undefined ? 'text-fg' : 'bg-state-failed/15 text-state-failed'
                      }`}
                      title={problem === undefined ? cell.title : visibleText(problem)}
                      data-target={target}
                      data-problem={problem === undefined ? undefined : 'true'}
                    >
                      {cell.text}
                      {problem === undefined ? null : (
                        <span className="sr-only"> (the service will refuse it)</span>
                      )}
                    </td>
                  );
                })}
                {targets.length === 0 ? (
                  <td className="px-2 py-1 text-muted">the workflow as it is</td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
      {more > 0 ? (
        <p className="border-t border-line/60 px-3 py-1.5 text-[11px] text-faint" data-testid="plan-more">
          …and {plural(more, 'more item', 'more items')}
        </p>
      ) : null}
    </div>
  );
}
