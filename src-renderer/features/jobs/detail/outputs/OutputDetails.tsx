import type { ReactNode } from 'react';
import { KIND_LABEL, type GalleryItem } from '../../../../components/gallery/galleryItem';
import { CopyButton } from '../../../../components/jobs/CopyButton';
import { byteSize } from '../../../../components/jobs/formatValues';
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

/** The output's facts: its whole name, type, size (exact bytes on hover), hash and asset id, copyable. */
export function OutputDetails({ item }: { item: GalleryItem }) {
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
            {byteSize(item.sizeBytes)}
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
    </dl>
  );
}
