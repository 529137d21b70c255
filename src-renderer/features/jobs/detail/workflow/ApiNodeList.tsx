import { visibleText } from '../../../../lib/visibleText';
import type { ApiNode } from './workflowGraph';

/** The API graph as a readable list: each node's id, class and inputs, links shown as "← node 4 · out 0". */
export function ApiNodeList({ nodes }: { nodes: ApiNode[] }) {
  return (
    <ol className="space-y-2" aria-label="Workflow nodes">
      {nodes.map((node) => (
        <li
          key={node.id}
          className="rounded border border-line bg-raised/50 px-3 py-2"
          data-node-id={node.id}
        >
          <p className="flex items-baseline gap-2 text-xs">
            <span className="font-mono text-faint">#{visibleText(node.id)}</span>
            <span className="font-mono font-medium text-fg">{visibleText(node.classType)}</span>
            {node.title && node.title !== node.classType ? (
              <span className="truncate text-muted">{visibleText(node.title)}</span>
            ) : null}
          </p>
          {node.inputs.length > 0 ? (
            <dl className="mt-1 grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-0.5 text-[11px]">
              {node.inputs.map((input) => (
                <div key={input.name} className="contents">
                  <dt className="font-mono text-muted">{visibleText(input.name)}</dt>
                  <dd className="min-w-0 font-mono break-all text-fg">
                    {input.kind === 'link' ? (
                      <span className="text-accent">
                        ← node {visibleText(input.fromNode)} · out {input.output}
                      </span>
                    ) : (
                      visibleText(input.text)
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
