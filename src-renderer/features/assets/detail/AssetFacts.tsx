import type { ReactNode } from 'react';
import type { AssetDetail, AssetOrigin } from '../../../../src-shared/contract';
import { Button } from '../../../components/Button';
import { CopyButton } from '../../../components/jobs/CopyButton';
import { RelativeTime } from '../../../components/jobs/RelativeTime';
import { VisibleMarks } from '../../../components/jobs/VisibleMarks';
import { visibleText } from '../../../lib/visibleText';
import { exactBytes, formatBytes } from '../assetFormat';

const ORIGIN_WORDS: Record<AssetOrigin, string> = {
  upload: 'uploaded from Loupe',
  output: 'output of a job Loupe knows',
  lookup: 'looked up',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="pt-0.5 text-[11px] text-faint">{label}</dt>
      <dd className="min-w-0 text-xs text-fg">{children}</dd>
    </>
  );
}

interface AssetFactsProps {
  asset: AssetDetail;
  onOpenJob: (jobId: string) => void;
}

/** What Loupe knows of the asset: ids and hash to copy, size, type, times, the job that made it. */
export function AssetFacts({ asset, onOpenJob }: AssetFactsProps) {
  return (
    <dl className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-2" data-testid="asset-facts">
      <Fact label="Asset id">
        <span className="flex items-center gap-1">
          <code className="min-w-0 truncate font-mono select-text" title={asset.assetId}>
            {asset.assetId}
          </code>
          <CopyButton text={asset.assetId} title="Copy the asset id">
            Copy
          </CopyButton>
        </span>
      </Fact>
      <Fact label="Hash">
        {asset.hash === null ? (
          <span className="text-muted">Not known yet (the service computes it after the upload).</span>
        ) : (
          <span className="flex items-start gap-1">
            <code className="min-w-0 font-mono break-all select-text" data-testid="asset-hash">
              {asset.hash}
            </code>
            <CopyButton text={asset.hash} title="Copy the blake3 hash">
              Copy
            </CopyButton>
          </span>
        )}
      </Fact>
      <Fact label="Size">
        {asset.sizeBytes === null ? (
          <span className="text-muted">Not known</span>
        ) : (
          <span className="tabular-nums">
            {formatBytes(asset.sizeBytes)} <span className="text-faint">({exactBytes(asset.sizeBytes)})</span>
          </span>
        )}
      </Fact>
      <Fact label="Type">
        {asset.contentType === null ? (
          <span className="text-muted">Not known</span>
        ) : (
          <span className="font-mono">
            <VisibleMarks text={visibleText(asset.contentType)} />
          </span>
        )}
      </Fact>
      <Fact label="Created">
        <RelativeTime iso={asset.createdAt} missing="Not known" />
      </Fact>
      <Fact label="Expires">
        {asset.expiresAt === null ? (
          <span className="text-muted">No expiry known: kept until deleted, or the service did not say.</span>
        ) : (
          <RelativeTime iso={asset.expiresAt} />
        )}
      </Fact>
      <Fact label="Job">
        {asset.jobId === null ? (
          <span className="text-muted">None: not a job’s output.</span>
        ) : (
          <Button
            variant="ghost"
            className="-ml-2 h-6 px-2 font-mono"
            onClick={() => onOpenJob(asset.jobId ?? '')}
          >
            Open job {asset.jobId}
          </Button>
        )}
      </Fact>
      <Fact label="Known as">
        <span className="text-muted">
          {asset.origins.length === 0 ? '—' : asset.origins.map((origin) => ORIGIN_WORDS[origin]).join(', ')}
        </span>
      </Fact>
    </dl>
  );
}
