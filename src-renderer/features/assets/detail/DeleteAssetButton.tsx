import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { TitledError } from '../../../components/TitledError';
import { LoupeCallError, unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';
import { visibleText } from '../../../lib/visibleText';
import { knownAssetKeys } from '../assetListQueries';
import { assetErrorWords } from '../assetErrorWords';

interface DeleteAssetButtonProps {
  profileId: string;
  assetId: string;
  name: string;
  /** The asset is gone (deleted now, or found already gone), with the words that say which. */
  onGone: (note: GoneNote) => void;
}

export interface GoneNote {
  title: string;
  message: string;
}

/**
 * Delete with a confirmation. A 409 (`asset_in_use`) leaves the asset as it was and says why; a 404
 * (`asset_not_found`, a second delete) means it is already gone, which Loupe takes as done.
 */
export function DeleteAssetButton({ profileId, assetId, name, onGone }: DeleteAssetButtonProps) {
  const loupe = useLoupe();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => unwrap(loupe.assets.delete({ profileId, assetId })),
    onSettled: (_data, error) => {
      setConfirming(false);
      const secondDelete = error instanceof LoupeCallError && error.code === 'asset_not_found';
      if (error !== null && !secondDelete) return;
      void client.invalidateQueries({ queryKey: knownAssetKeys.profile(profileId) });
      onGone(
        secondDelete
          ? { title: 'Already deleted', message: error.message }
          : { title: 'Deleted', message: 'The service deleted the asset; Loupe no longer lists it.' },
      );
    },
  });
  const words = remove.isError ? assetErrorWords(remove.error, 'Not deleted') : null;
  return (
    <div className="min-w-0">
      <Button
        className="text-state-failed"
        onClick={() => {
          remove.reset();
          setConfirming(true);
        }}
      >
        Delete…
      </Button>
      {words !== null && words.code !== 'asset_not_found' ? (
        <TitledError words={words} className="mt-2" testId="delete-error" />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="Delete this asset?"
          testId="delete-asset-dialog"
          cancelLabel="Keep it"
          onCancel={() => setConfirming(false)}
          confirm={
            <Button
              className="border-state-failed/50 text-state-failed"
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              {remove.isPending ? 'Deleting…' : 'Delete'}
            </Button>
          }
        >
          <p>
            The service deletes the asset <span className="font-medium text-fg">{visibleText(name)}</span>.
            Its bytes stay only while other assets use them. Workflows that refer to this id will no longer
            find it.
          </p>
          <p>This cannot be undone; uploading the file again makes a new asset.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
