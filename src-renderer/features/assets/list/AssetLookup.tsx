import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/Button';
import { InlineError } from '../../../components/InlineError';
import { Spinner } from '../../../components/Spinner';
import { unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';
import { visibleText } from '../../../lib/visibleText';
import { knownAssetKeys } from '../assetListQueries';
import { assetErrorWords } from '../assetErrorWords';
import { useAssetsUi } from '../assetsUiStore';

/**
 * Asks the service about an asset by id or by `blake3:` hash. A found asset opens on the right (and Loupe
 * remembers it); a hash the service holds bytes for but no asset of this profile is explained, with the step
 * that makes one for free.
 */
export function AssetLookup({ profileId }: { profileId: string }) {
  const loupe = useLoupe();
  const client = useQueryClient();
  const openAsset = useAssetsUi((state) => state.openAsset);
  const [query, setQuery] = useState('');
  const lookup = useMutation({
    mutationFn: (text: string) => unwrap(loupe.assets.lookup({ profileId, query: text })),
    onSuccess: (result) => {
      if (result.state !== 'found') return;
      client.setQueryData(knownAssetKeys.detail(profileId, result.asset.assetId), result.asset);
      void client.invalidateQueries({ queryKey: knownAssetKeys.profile(profileId) });
      openAsset(result.asset.assetId);
    },
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (text !== '') lookup.mutate(text);
  };
  const answer = lookup.data;
  return (
    <div className="border-b border-line px-3 py-2">
      <form className="flex gap-2" onSubmit={submit} role="search" aria-label="Look up an asset">
        <input
          value={query}
          spellCheck={false}
          maxLength={200}
          aria-label="Asset id or blake3 hash"
          placeholder="Look up an asset id or blake3:… hash"
          onChange={(event) => {
            setQuery(event.target.value);
            if (!lookup.isIdle) lookup.reset();
          }}
          className="h-7 min-w-0 flex-1 rounded border border-line bg-raised px-2 font-mono text-xs text-fg placeholder:font-sans placeholder:text-faint"
        />
        <Button type="submit" disabled={query.trim() === '' || lookup.isPending}>
          Look up
        </Button>
      </form>
      {lookup.isPending ? (
        <p role="status" className="mt-1.5 flex items-center gap-2 text-[11px] text-muted">
          <Spinner /> Asking the service…
        </p>
      ) : null}
      {answer?.state === 'found' ? (
        <p role="status" className="mt-1.5 text-[11px] text-state-succeeded">
          Found: opened on the right.
        </p>
      ) : null}
      {answer?.state === 'blob-only' ? (
        <div
          role="status"
          className="mt-1.5 rounded border border-line bg-raised p-2 text-[11px] leading-relaxed"
          data-testid="lookup-blob-only"
        >
          <p className="font-medium text-fg">Bytes on the server, but no asset of yours</p>
          <p className="mt-0.5 text-muted">{visibleText(answer.message)}</p>
          <p className="mt-0.5 break-all font-mono text-faint">{answer.hash}</p>
        </div>
      ) : null}
      {lookup.isError ? <LookupError error={lookup.error} /> : null}
    </div>
  );
}

function LookupError({ error }: { error: unknown }) {
  const words = assetErrorWords(error, 'Look-up failed');
  return (
    <InlineError className="mt-1.5" message={words.message} nextStep={words.nextStep} code={words.code} />
  );
}
