import type { JobSnapshot } from '../../../../src-preload/contract';
import { byteSize } from '../../../components/jobs/formatValues';
import { CopyButton } from '../../../components/jobs/CopyButton';
import { visibleText } from '../../../lib/visibleText';
import { isTerminalStatus } from '../../../queries/jobQueries';

/** The job's outputs as a plain list for now: name, type, size and content hash. */
export function OutputsTab({ job }: { job: JobSnapshot }) {
  if (job.outputs.length === 0) {
    return (
      <p className="p-4 text-xs text-muted">
        {isTerminalStatus(job.status)
          ? 'This job produced no outputs.'
          : 'Outputs appear here as the job writes them.'}
      </p>
    );
  }
  return (
    <div className="h-full overflow-auto">
      <table className="w-full table-fixed border-collapse text-xs">
        <colgroup>
          <col />
          <col className="w-16" />
          <col className="w-20" />
          <col className="w-52" />
        </colgroup>
        <thead className="sticky top-0 bg-panel text-left text-[11px] text-faint">
          <tr>
            <th className="px-4 py-1.5 font-normal">Name</th>
            <th className="px-2 py-1.5 font-normal">Type</th>
            <th className="px-2 py-1.5 text-right font-normal">Size</th>
            <th className="px-4 py-1.5 font-normal">Hash</th>
          </tr>
        </thead>
        <tbody>
          {job.outputs.map((output) => {
            const name = visibleText(output.name);
            return (
              <tr key={`${output.nodeId}/${output.assetId}`} className="border-t border-line/60">
                <td className="truncate px-4 py-1.5 text-fg" title={name}>
                  {name}
                </td>
                <td className="px-2 py-1.5 text-muted" title={visibleText(output.contentType)}>
                  {output.type}
                </td>
                <td className="px-2 py-1.5 text-right whitespace-nowrap text-muted tabular-nums">
                  {output.sizeBytes === null ? '—' : byteSize(output.sizeBytes)}
                </td>
                <td className="px-4 py-1.5">
                  {output.hash ? (
                    <span className="flex min-w-0 items-center gap-1">
                      <span
                        className="min-w-0 flex-1 truncate font-mono text-[11px] text-muted"
                        title={visibleText(output.hash)}
                      >
                        {visibleText(output.hash)}
                      </span>
                      <CopyButton text={output.hash} title="Copy the hash">
                        Copy
                      </CopyButton>
                    </span>
                  ) : (
                    <span className="text-faint">—</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
