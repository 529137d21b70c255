import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { JobWorkflow } from '../../../../../src-shared/contract';
import { Button } from '../../../../components/Button';
import { CopyButton } from '../../../../components/jobs/CopyButton';
import { InlineError } from '../../../../components/InlineError';
import { LoadingNote } from '../../../../components/LoadingNote';
import { useActiveProfileId } from '../../../../hooks/useActiveProfileId';
import { downloadText, safeFileStem } from '../../../../lib/downloadText';
import { useLoupe } from '../../../../lib/loupeContext';
import { visibleText } from '../../../../lib/visibleText';
import { jobWorkflowQuery } from '../../../../queries/jobQueries';
import { jobErrorWords } from '../../actions/jobErrorWords';
import { ApiNodeList } from './ApiNodeList';
import { readApiGraph, readSavedGraph, workflowJson } from './workflowGraph';

/** Raw JSON beyond this is left to Export: a 50 MB <pre> would stall the window. */
const RAW_LIMIT = 200_000;

function RawJson({ json }: { json: string }) {
  const shown = json.length > RAW_LIMIT ? json.slice(0, RAW_LIMIT) : json;
  return (
    <details className="mt-3">
      <summary className="cursor-default text-[11px] text-muted hover:text-fg">Raw JSON</summary>
      {json.length > RAW_LIMIT ? (
        <p className="mt-1 text-[11px] text-faint">
          Showing the first {RAW_LIMIT.toLocaleString()} of {json.length.toLocaleString()} characters; Export
          saves all of it.
        </p>
      ) : null}
      <pre className="mt-1 overflow-auto rounded border border-line bg-canvas p-3 font-mono text-[11px] whitespace-pre text-fg">
        {visibleText(shown, { multiline: true })}
      </pre>
    </details>
  );
}

function WorkflowBody({ result }: { result: JobWorkflow }) {
  const api = useMemo(() => (result.format === 'api' ? readApiGraph(result.workflow) : null), [result]);
  const saved = useMemo(() => (result.format === 'save' ? readSavedGraph(result.workflow) : null), [result]);
  if (api) {
    return (
      <>
        <p className="mb-2 text-xs text-muted" data-testid="workflow-format" data-format="api">
          API workflow, the graph the service ran: {api.length} {api.length === 1 ? 'node' : 'nodes'}.
        </p>
        <ApiNodeList nodes={api} />
      </>
    );
  }
  if (result.format === 'save') {
    return (
      <div data-testid="workflow-format" data-format="save">
        <p className="text-xs font-medium text-fg">The editor’s saved graph</p>
        <p className="mt-1 text-xs text-muted">
          This is what the editor stores for itself (UI format, with node positions and widgets
          {saved ? `: ${saved.nodeCount} ${saved.nodeCount === 1 ? 'node' : 'nodes'}` : ''}
          {saved?.linkCount != null ? `, ${saved.linkCount} links` : ''}), kept with the job. It is not the
          API graph the service ran; open it in the editor to see it as drawn.
        </p>
        {saved && saved.nodes.length > 0 ? (
          <ul className="mt-2 columns-2 gap-4 text-[11px]" aria-label="Saved graph nodes">
            {saved.nodes.map((node, index) => (
              <li key={`${node.id}-${String(index)}`} className="truncate">
                <span className="font-mono text-faint">#{visibleText(node.id)}</span>{' '}
                <span className="font-mono text-fg">{visibleText(node.type)}</span>
                {node.title && node.title !== node.type ? (
                  <span className="text-muted"> {visibleText(node.title)}</span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  }
  return (
    <p className="text-xs text-muted" data-testid="workflow-format" data-format="unknown">
      Loupe does not recognize this workflow’s format; the raw JSON is below.
    </p>
  );
}

/** The workflow the job ran (or the editor's graph kept with it): readable, copyable, exportable. */
export function WorkflowTab({ jobId }: { jobId: string }) {
  const loupe = useLoupe();
  const profileId = useActiveProfileId();
  const query = useQuery({ ...jobWorkflowQuery(loupe, profileId ?? '', jobId), enabled: profileId !== null });
  const json = useMemo(() => (query.data ? workflowJson(query.data.workflow) : ''), [query.data]);

  if (query.isPending) {
    return <LoadingNote>Reading the workflow…</LoadingNote>;
  }
  if (query.isError) {
    const words = jobErrorWords(query.error, 'read the workflow');
    return (
      <div className="p-4">
        <InlineError message={words.message} code={words.code} nextStep={words.nextStep} />
      </div>
    );
  }
  return (
    <div className="h-full overflow-auto p-4">
      <div className="mb-3 flex items-center gap-1.5">
        <CopyButton text={json} variant="secondary" title="Copy the workflow JSON">
          Copy JSON
        </CopyButton>
        <Button
          onClick={() => downloadText(json, `${safeFileStem(jobId)}.workflow.json`, 'application/json')}
          title="Save the workflow as a .json file"
        >
          Export…
        </Button>
      </div>
      <WorkflowBody result={query.data} />
      <RawJson json={json} />
    </div>
  );
}
