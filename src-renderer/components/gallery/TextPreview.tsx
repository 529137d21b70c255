import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { withAttempt } from '../../lib/assetUrl';
import { visibleText } from '../../lib/visibleText';
import { formatBytes } from '../../../src-shared/format';
import { VisibleMarks } from '../jobs/VisibleMarks';
import { Spinner } from '../Spinner';
import { AssetFetchError, TEXT_PREVIEW_BYTES } from './assetFetch';
import { CouldNotFetch } from './BrokenAsset';
import { textHeadQuery } from './galleryQueries';

interface TextPreviewProps {
  url: string;
  variant: 'thumb' | 'full';
}

/** A tile needs only its first lines; drawing 64 KiB of marks into a clipped box is wasted work. */
const THUMB_CHARS = 1200;

/**
 * The first 64 KiB of a text output, as plain text: controls and bidi characters are made visible
 * (ARCHITECTURE.md, rule 7) and nothing in it is ever read as markup.
 */
export function TextPreview({ url, variant }: TextPreviewProps) {
  const [attempt, setAttempt] = useState(0);
  const head = useQuery(textHeadQuery(withAttempt(url, attempt)));
  if (head.isPending) {
    return (
      <p role="status" className="flex h-full items-center justify-center gap-2 text-xs text-muted">
        <Spinner /> Reading the text…
      </p>
    );
  }
  if (head.isError) {
    return (
      <CouldNotFetch
        reason={head.error.message}
        code={head.error instanceof AssetFetchError ? head.error.code : 'unreachable'}
        compact={variant === 'thumb'}
        onRetry={() => setAttempt((count) => count + 1)}
      />
    );
  }
  const { text, truncated, totalBytes } = head.data;
  if (variant === 'thumb') {
    return (
      <pre
        data-testid="text-preview"
        className="h-full w-full overflow-hidden p-2.5 font-mono text-[10px] leading-snug whitespace-pre-wrap break-words text-muted"
      >
        {text.length === 0 ? (
          <span className="text-faint italic">Empty</span>
        ) : (
          <VisibleMarks text={visibleText(text.slice(0, THUMB_CHARS), { multiline: true })} />
        )}
      </pre>
    );
  }
  return (
    <div className="flex h-full w-full flex-col">
      <pre
        data-testid="text-preview"
        tabIndex={0}
        aria-label="Text preview"
        className="min-h-0 flex-1 overflow-auto rounded border border-line bg-canvas p-4 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words text-fg"
      >
        {text.length === 0 ? (
          <span className="text-faint italic">This file is empty.</span>
        ) : (
          <VisibleMarks text={visibleText(text, { multiline: true })} />
        )}
      </pre>
      {truncated ? (
        <p className="mt-1.5 text-[11px] text-faint tabular-nums">
          Showing the first {formatBytes(TEXT_PREVIEW_BYTES)}
          {totalBytes !== null ? ` of ${formatBytes(totalBytes)}` : ''}. Download the file for all of it.
        </p>
      ) : null}
    </div>
  );
}
