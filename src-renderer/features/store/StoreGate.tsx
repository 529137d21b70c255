import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { LinkButton } from '../../components/Button';
import { LoupeCallError } from '../../lib/callError';
import { useLoupe } from '../../lib/loupeContext';
import { visibleText } from '../../lib/visibleText';
import { DamageScreen } from './DamageScreen';
import { STORE_UNUSABLE_CODES, storeStatusKey, storeStatusQuery } from './storeQueries';

function isUnusableError(error: unknown): boolean {
  return error instanceof LoupeCallError && STORE_UNUSABLE_CODES.has(error.code);
}

/**
 * The app opens only on a data file it can use; otherwise the damage screen. A call that answers
 * store_damaged while the app runs (a damaged page found under a read) sends it there too.
 */
export function StoreGate({ children }: { children: ReactNode }) {
  const loupe = useLoupe();
  const client = useQueryClient();
  const status = useQuery(storeStatusQuery(loupe));
  useEffect(() => {
    const recheck = (error: unknown): void => {
      if (isUnusableError(error)) void client.invalidateQueries({ queryKey: storeStatusKey });
    };
    const queries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    const mutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [client]);
  // An old host without store.* (or a lost connection): the app's own screens say what is wrong.
  if (status.isPending) return null;
  if (status.data?.state === 'unusable') return <DamageScreen damage={status.data.damage} />;
  const recovered = status.data?.state === 'ok' ? status.data.recovered : null;
  if (recovered === null) return children;
  return (
    <div className="flex h-full flex-col">
      <RecoveredNotice setAside={recovered.setAside} restoredFrom={recovered.restoredFrom} />
      <div className="min-h-0 flex-1">{children}</div>
    </div>
  );
}

function RecoveredNotice({ setAside, restoredFrom }: { setAside: string[]; restoredFrom: string | null }) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || (setAside.length === 0 && restoredFrom === null)) return null;
  return (
    <div role="status" className="flex items-center gap-3 border-b border-line bg-raised px-4 py-1.5 text-xs">
      <p className="min-w-0 flex-1 truncate text-muted" title={setAside.join('\n')}>
        {restoredFrom ? `Restored the backup ${visibleText(restoredFrom)}. ` : ''}
        {setAside.length > 0
          ? `The damaged files were set aside, not deleted: ${setAside.map((path) => visibleText(path)).join(', ')}`
          : ''}
      </p>
      <LinkButton onClick={() => setDismissed(true)}>Dismiss</LinkButton>
    </div>
  );
}
