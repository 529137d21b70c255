import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/Button';
import { InlineError } from '../../../components/InlineError';
import { unwrap } from '../../../lib/callError';
import { copyText } from '../../../lib/clipboard';
import { useLoupe } from '../../../lib/loupeContext';
import { assetErrorWords } from '../assetErrorWords';

/**
 * Copies the `core/ASSET` reference (JSON) to paste into a workflow where a file name would go. If the
 * clipboard is not available the text is shown to copy by hand.
 */
export function AssetReferenceButton({ profileId, assetId }: { profileId: string; assetId: string }) {
  const loupe = useLoupe();
  const reference = useMutation({
    mutationFn: async () => {
      const { text } = await unwrap(loupe.assets.reference({ profileId, assetId }));
      return { text, copied: await copyText(text) };
    },
  });
  const answer = reference.data;
  const words = reference.isError ? assetErrorWords(reference.error, 'No reference') : null;
  return (
    <div className="min-w-0">
      <Button onClick={() => reference.mutate()} disabled={reference.isPending}>
        {answer?.copied === true ? 'Reference copied' : 'Copy reference'}
      </Button>
      {answer !== undefined ? (
        <div className="mt-2">
          <p role="status" className="text-[11px] text-muted">
            {answer.copied
              ? 'Copied. Paste it into a workflow input that takes a file.'
              : 'The clipboard is not available here; copy the reference below by hand.'}
          </p>
          <pre
            className="mt-1 overflow-x-auto rounded border border-line bg-raised p-2 font-mono text-[11px] text-fg select-text"
            data-testid="asset-reference"
          >
            {answer.text}
          </pre>
        </div>
      ) : null}
      {words !== null ? (
        <InlineError className="mt-2" message={words.message} nextStep={words.nextStep} code={words.code} />
      ) : null}
    </div>
  );
}
