import type { ReactNode } from 'react';
import { Button } from '../../../../components/Button';
import { KIND_LABEL, type GalleryItem } from '../../../../components/gallery/galleryItem';
import { CopyButton } from '../../../../components/jobs/CopyButton';
import { formatBytes } from '../../../../../src-shared/format';
import { VisibleMarks } from '../../../../components/jobs/VisibleMarks';
import { visibleText } from '../../../../lib/visibleText';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="space-y-0.5">
      <dt className="text-[11px] text-faint">{label}</dt>
      <dd className="text-xs text-fg">{children}</dd>
    </div>
  );
}

function Copyable({ text, what }: { text: string; what: string }) {
  return (
    <span className="flex items-start gap-1">
      <span className="min-w-0 flex-1 font-mono text-[11px] break-all text-muted select-text">
        {visibleText(text)}
      </span>
      <CopyButton text={text} title={`Copy the ${what}`}>
        Copy
      </CopyButton>
    </span>
  );
}

interface OutputDetailsProps {
  item: GalleryItem;
  /** Opens the job an output came from (a gallery of several jobs' outputs offers it). */
  onOpenJob?: ((jobId: string) => void) | undefined;
}

/**
 * The output's facts: its whole name, type, size (exact bytes on hover), hash and asset id, copyable; and,
 * in a gallery of several jobs, the job it came from.
 */
export function OutputDetails({ item, onOpenJob }: OutputDetailsProps) {
  const origin = item.origin;
  return (
    <dl className="space-y-2.5" data-testid="output-details">
      <Row label="Name">
        <span className="break-all select-text">
          <VisibleMarks text={visibleText(item.name)} />
        </span>
      </Row>
      <Row label="Type">
        {KIND_LABEL[item.kind]} <span className="text-muted">· {visibleText(item.contentType)}</span>
      </Row>
      <Row label="Size">
        {item.sizeBytes === null ? (
          <span className="text-faint">not known</span>
        ) : (
          <span className="tabular-nums" title={`${item.sizeBytes.toLocaleString()} bytes`}>
            {formatBytes(item.sizeBytes)}
          </span>
        )}
      </Row>
      <Row label="Hash">
        {item.hash ? (
          <Copyable text={item.hash} what="hash" />
        ) : (
          <span className="text-faint">not computed yet</span>
        )}
      </Row>
      <Row label="Asset id">
        <Copyable text={item.assetId} what="asset id" />
      </Row>
      {origin === undefined ? null : (
        <Row label="From job">
          <span className="flex items-start gap-1" data-testid="output-origin">
            <span className="min-w-0 flex-1 font-mono text-[11px] break-all text-muted select-text">
              {visibleText(origin.jobId)}
            </span>
            {onOpenJob ? (
              <Button variant="ghost" title="Open this job in Jobs" onClick={() => onOpenJob(origin.jobId)}>
                Open in Jobs
              </Button>
            ) : null}
          </span>
        </Row>
      )}
    </dl>
  );
}
