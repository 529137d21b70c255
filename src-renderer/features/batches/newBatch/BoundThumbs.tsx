import { useQueries } from '@tanstack/react-query';
import { useLoupe } from '../../../lib/loupeContext';
import { visibleText } from '../../../lib/visibleText';
import { assetDetailQuery } from '../../assets/assetListQueries';
import { AssetThumb } from '../../assets/detail/AssetThumb';

/** Enough pictures to recognise a selection at a glance; the count says the rest. */
const SHOWN = 5;

/**
 * The first few bound assets as thumbnails, in item order. Each is described by assets.get (the draft keeps
 * only ids), which also says when an asset is not there on this connection (a template from another one).
 */
export function BoundThumbs({ profileId, assetIds }: { profileId: string; assetIds: readonly string[] }) {
  const loupe = useLoupe();
  const first = assetIds.slice(0, SHOWN);
  const details = useQueries({
    queries: first.map((assetId) => ({ ...assetDetailQuery(loupe, profileId, assetId), retry: false })),
  });
  return (
    <span className="flex shrink-0 items-center gap-1" aria-hidden="true">
      {first.map((assetId, index) => {
        const detail = details[index];
        const asset = detail?.data;
        return (
          <span
            key={`${index}-${assetId}`}
            title={
              detail?.isError
                ? `asset ${visibleText(assetId)}: not found on this connection`
                : visibleText(asset?.name ?? `asset ${assetId}`)
            }
            className={detail?.isError ? 'opacity-50' : ''}
          >
            <AssetThumb
              profileId={profileId}
              assetId={assetId}
              contentType={asset?.contentType ?? null}
              name={asset?.name ?? null}
              alt=""
              size="row"
            />
          </span>
        );
      })}
      {assetIds.length > SHOWN ? (
        <span className="pl-0.5 text-[11px] text-faint tabular-nums">+{assetIds.length - SHOWN}</span>
      ) : null}
    </span>
  );
}
