import { useState, type ReactNode } from 'react';
import { Button } from '../../../../components/Button';
import { assetDownloader } from '../../../../components/gallery/assetDownloads';
import { downloadName, type GalleryItem } from '../../../../components/gallery/galleryItem';
import { errorText } from '../../../../components/errorText';
import { InlineError } from '../../../../components/InlineError';
import { Spinner } from '../../../../components/Spinner';
import { copiedLinkWords } from './linkWords';
import { useAssetShare } from './useAssetShare';

/** Shown when the clipboard refused: the text, selected on focus, to copy by hand. */
function CopyByHand({ text, label }: { text: string; label: string }) {
  return (
    <input
      readOnly
      aria-label={label}
      value={text}
      onFocus={(event) => event.currentTarget.select()}
      className="mt-1 w-full rounded border border-line bg-canvas px-2 py-1 font-mono text-[11px] text-fg"
    />
  );
}

interface ShareButtonProps {
  /** The copy-link or copy-reference mutation. */
  action: { isPending: boolean; mutate: () => void };
  title: string;
  children: ReactNode;
}

/** Runs `action` once at a time, busy (aria-disabled, see below) and with a spinner until it settles. */
function ShareButton({ action, title, children }: ShareButtonProps) {
  return (
    <Button
      className="justify-center"
      aria-disabled={action.isPending}
      onClick={() => {
        if (!action.isPending) action.mutate();
      }}
      title={title}
    >
      {action.isPending ? <Spinner /> : null}
      {children}
    </Button>
  );
}

/**
 * Buttons here are never `disabled` while busy: a disabled button drops keyboard focus out of the lightbox,
 * and Esc would then reach the screen behind it. They say they are busy with aria-disabled instead.
 *
 * What can be done with one output: save it, copy a link that works without Loupe (and say until when), and
 * copy the `core/ASSET` reference to paste into a workflow. Parents key it by output, so the words of one
 * output's last action never show under another.
 */
export function OutputActions({ item }: { item: GalleryItem }) {
  const { link, reference } = useAssetShare(item.profileId, item.assetId);
  const [saved, setSaved] = useState(false);

  const download = () => {
    void assetDownloader()
      .save([
        { profileId: item.profileId, assetId: item.assetId, url: item.url, fileName: downloadName(item) },
      ])
      .then(() => setSaved(true));
  };

  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-1.5">
        <Button
          variant="primary"
          className="col-span-2 justify-center"
          onClick={download}
          title={`Save ${downloadName(item)}`}
        >
          Download
        </Button>
        <ShareButton
          action={link}
          title="Copy a link that opens this file without Loupe, for as long as the service allows"
        >
          Copy link
        </ShareButton>
        <ShareButton
          action={reference}
          title="Copy the core/ASSET reference, to paste into a workflow where a file name would go"
        >
          Copy reference
        </ShareButton>
      </div>
      <div role="status" className="space-y-2 text-xs leading-relaxed empty:hidden">
        {saved ? <p className="text-muted">Download started: {downloadName(item)}.</p> : null}
        {link.data ? (
          <div data-testid="copy-link-result">
            <p className={link.data.link.kind === 'signed' ? 'text-fg' : 'text-muted'}>
              {copiedLinkWords(link.data.link, link.data.copied)}
            </p>
            {link.data.link.kind === 'signed' && !link.data.copied ? (
              <CopyByHand text={link.data.link.url} label="The link" />
            ) : null}
          </div>
        ) : null}
        {reference.data ? (
          <div data-testid="copy-reference-result">
            <p className="text-fg">
              {reference.data.copied
                ? 'Reference copied: paste it into a workflow where a file name would go.'
                : 'The clipboard refused; here is the reference.'}
            </p>
            {reference.data.copied ? null : <CopyByHand text={reference.data.text} label="The reference" />}
          </div>
        ) : null}
      </div>
      {link.isError ? <ActionError doing="make a link" error={link.error} /> : null}
      {reference.isError ? <ActionError doing="read the reference" error={reference.error} /> : null}
    </div>
  );
}

function ActionError({ doing, error }: { doing: string; error: unknown }) {
  const text = errorText(error);
  return (
    <InlineError
      message={`Loupe could not ${doing}: ${text.message}`}
      code={text.code}
      nextStep={text.nextStep}
    />
  );
}
