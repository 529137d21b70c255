import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, LinkButton } from '../../../components/Button';
import { RelativeTime } from '../../../components/jobs/RelativeTime';
import { VisibleMarks } from '../../../components/jobs/VisibleMarks';
import { Spinner } from '../../../components/Spinner';
import { TitledError } from '../../../components/TitledError';
import { useLoupe } from '../../../lib/loupeContext';
import { visibleText } from '../../../lib/visibleText';
import { useUiStore } from '../../../stores/uiStore';
import { useJobsUi } from '../../jobs/jobsUiStore';
import { assetDetailQuery } from '../assetListQueries';
import { assetErrorWords } from '../assetErrorWords';
import { AssetFacts } from './AssetFacts';
import { AssetReferenceButton } from './AssetReferenceButton';
import { AssetThumb } from './AssetThumb';
import { DeleteAssetButton, type GoneNote } from './DeleteAssetButton';

interface AssetDetailProps {
  profileId: string;
  assetId: string;
  onClose: () => void;
}

/** One asset: its picture when it has one, the facts, the reference to copy, and delete. */
export function AssetDetail({ profileId, assetId, onClose }: AssetDetailProps) {
  const loupe = useLoupe();
  const detail = useQuery(assetDetailQuery(loupe, profileId, assetId));
  const [gone, setGone] = useState<GoneNote | null>(null);
  const showJob = useJobsUi((state) => state.showJob);
  const setSection = useUiStore((state) => state.setSection);
  const asset = detail.data;
  const name = visibleText(asset?.name ?? assetId);

  const openJobInJobs = (jobId: string) => {
    showJob(profileId, jobId);
    setSection('jobs');
  };

  return (
    <section
      aria-label="Asset"
      data-testid="asset-detail"
      data-asset-id={assetId}
      className="flex h-full flex-col"
    >
      <header className="flex h-11 shrink-0 items-center gap-2 border-b border-line px-4">
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold" title={name}>
          <VisibleMarks text={name} />
        </h2>
        <Button variant="ghost" onClick={onClose} aria-label="Close the asset">
          Close
        </Button>
      </header>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto p-4">
        {gone !== null ? (
          <div
            role="status"
            className="rounded border border-line bg-raised p-3 text-xs"
            data-testid="asset-gone"
          >
            <p className="font-medium text-fg">{gone.title}</p>
            <p className="mt-1 text-muted">{visibleText(gone.message)}</p>
          </div>
        ) : detail.isPending ? (
          <p role="status" className="flex items-center gap-2 text-xs text-muted">
            <Spinner /> Asking the service about this asset…
          </p>
        ) : detail.isError ? (
          <DetailError error={detail.error} onRetry={() => void detail.refetch()} />
        ) : asset !== undefined ? (
          <>
            {asset.contentType?.startsWith('image/') === true ? (
              <AssetThumb
                profileId={profileId}
                assetId={assetId}
                contentType={asset.contentType}
                name={asset.name}
                alt={`Preview of ${name}`}
                size="detail"
              />
            ) : null}
            {asset.source === 'memory' ? (
              <p className="rounded border border-state-canceled/40 bg-state-canceled/10 p-2 text-[11px] text-muted">
                The service could not be reached; this is what Loupe remembers
                {asset.describedAt === null ? '' : ' from '}
                {asset.describedAt === null ? null : <RelativeTime iso={asset.describedAt} />}.
              </p>
            ) : null}
            <AssetFacts asset={asset} onOpenJob={openJobInJobs} />
            <div className="flex flex-wrap items-start gap-x-3 gap-y-2 border-t border-line pt-3">
              <AssetReferenceButton profileId={profileId} assetId={assetId} />
              <DeleteAssetButton profileId={profileId} assetId={assetId} name={name} onGone={setGone} />
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}

function DetailError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const words = assetErrorWords(error, 'Could not read this asset');
  return <TitledError words={words} actions={<LinkButton onClick={onRetry}>Try again</LinkButton>} />;
}
