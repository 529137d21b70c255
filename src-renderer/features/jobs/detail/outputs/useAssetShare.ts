// "Copy link" and "Copy reference" for one asset. Both ask the host (a fresh signed URL; the `core/ASSET`
// JSON) and put the answer on the clipboard. When the clipboard refuses, the answer is still returned so the
// user can copy it by hand.
import { useMutation } from '@tanstack/react-query';
import type { AssetCopyLink } from '../../../../../src-shared/contract';
import { unwrap } from '../../../../lib/callError';
import { copyText } from '../../../../lib/clipboard';
import { useLoupe } from '../../../../lib/loupeContext';

export interface CopiedLink {
  link: AssetCopyLink;
  /** False when there was nothing to copy (no shareable link) or the clipboard refused. */
  copied: boolean;
}

export interface CopiedReference {
  text: string;
  copied: boolean;
}

export function useAssetShare(profileId: string, assetId: string) {
  const loupe = useLoupe();
  const link = useMutation({
    mutationFn: async (): Promise<CopiedLink> => {
      const answer = await unwrap(loupe.assets.copyLink({ profileId, assetId }));
      return { link: answer, copied: answer.kind === 'signed' ? await copyText(answer.url) : false };
    },
  });
  const reference = useMutation({
    mutationFn: async (): Promise<CopiedReference> => {
      const { text } = await unwrap(loupe.assets.reference({ profileId, assetId }));
      return { text, copied: await copyText(text) };
    },
  });
  return { link, reference };
}
