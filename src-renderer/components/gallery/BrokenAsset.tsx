import { useQuery } from '@tanstack/react-query';
import { InlineErrorCode } from './InlineErrorCode';
import { loadFailureQuery } from './galleryQueries';

interface CouldNotFetchProps {
  /** Why, when known (plain text of Loupe's own making). */
  reason: string | null;
  code: string | null;
  onRetry: () => void;
  /** Fewer words, for a tile. */
  compact?: boolean;
}

/** In place of a broken-image icon: the bytes could not be fetched, why when known, and Retry. */
export function CouldNotFetch({ reason, code, onRetry, compact = false }: CouldNotFetchProps) {
  return (
    <div
      role="alert"
      data-testid="asset-broken"
      className="flex h-full w-full flex-col items-center justify-center gap-1.5 p-3 text-center text-xs"
    >
      <p className="font-medium text-fg">The bytes could not be fetched.</p>
      {reason ? (
        <p className={compact ? 'line-clamp-2 text-[11px] text-muted' : 'max-w-sm text-muted'} title={reason}>
          {reason}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <button
          type="button"
          className="relative z-10 rounded border border-line bg-raised px-2.5 py-1 text-[11px] text-fg hover:bg-hover"
          onClick={(event) => {
            event.stopPropagation();
            onRetry();
          }}
        >
          Retry
        </button>
        {code && !compact ? <InlineErrorCode code={code} /> : null}
      </div>
    </div>
  );
}

interface BrokenAssetProps {
  /** The URL that failed (attempt included): the probe asks the route about exactly this one. */
  failedUrl: string;
  onRetry: () => void;
  compact?: boolean;
}

/** An <img>, <audio> or <video> says only "error": this asks the route why, then shows CouldNotFetch. */
export function BrokenAsset({ failedUrl, onRetry, compact = false }: BrokenAssetProps) {
  const failure = useQuery(loadFailureQuery(failedUrl)).data;
  const code = failure ? (failure.kind === 'http' ? `asset_route_${failure.status}` : failure.kind) : null;
  return <CouldNotFetch reason={failure?.message ?? null} code={code} onRetry={onRetry} compact={compact} />;
}
