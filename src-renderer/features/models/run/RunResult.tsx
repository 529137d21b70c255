import type { RouterRunDetail } from '../../../../src-shared/contracts/models';
import { CopyButton } from '../../../components/jobs/CopyButton';
import { JsonTree } from './json/JsonTree';
import { RunMedia } from './RunMedia';

/** A finished run's answer: its media in the gallery, and the native JSON output as a tree. */
export function RunResult({ run, profileId }: { run: RouterRunDetail; profileId: string }) {
  const hasOutput = run.output !== null;
  return (
    <div className="space-y-4" data-testid="run-result">
      <RunMedia run={run} profileId={profileId} />
      {hasOutput ? (
        <section aria-label="Output" className="space-y-1">
          <div className="flex items-center gap-3 text-xs">
            <h3 className="font-medium text-fg">Output</h3>
            <span className="text-[11px] text-faint">the model’s own JSON</span>
            <span className="flex-1" />
            <CopyButton text={JSON.stringify(run.output, null, 2)} title="Copy the whole output as JSON">
              Copy JSON
            </CopyButton>
          </div>
          <div className="rounded border border-line bg-canvas">
            <JsonTree key={run.runId} value={run.output} label="Output" />
          </div>
        </section>
      ) : null}
      {!hasOutput && run.media.length === 0 ? (
        <p className="text-xs text-muted">The model answered, with nothing to show.</p>
      ) : null}
    </div>
  );
}
