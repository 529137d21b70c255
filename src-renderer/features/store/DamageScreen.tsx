import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StoreDamageReport, StoreRecoveryAction } from '../../../src-shared/contract';
import { Button } from '../../components/Button';
import { DetailsToggle } from '../../components/DetailsToggle';
import { InlineError } from '../../components/InlineError';
import { errorText } from '../../components/errorText';
import { unwrap } from '../../lib/callError';
import { useLoupe } from '../../lib/loupeContext';
import { visibleText } from '../../lib/visibleText';
import { RECOVERY_WORDS } from './recoveryWords';
import { storeStatusKey } from './storeQueries';

interface DamageScreenProps {
  damage: StoreDamageReport;
}

/**
 * Loupe's data file cannot be used: what happened, where the file is, and what can be done. Nothing is
 * deleted by any of the actions; the first one offered is the one most people want.
 */
export function DamageScreen({ damage }: DamageScreenProps) {
  const loupe = useLoupe();
  const client = useQueryClient();
  const [showDetails, setShowDetails] = useState(false);
  const recover = useMutation({
    mutationFn: (action: StoreRecoveryAction) => unwrap(loupe.store.recover({ action })),
    onSuccess: async (status) => {
      client.setQueryData(storeStatusKey, status);
      // Everything read while the store was unusable was a refusal: read it all again.
      if (status.state === 'ok')
        await client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'store' });
    },
  });
  const failed = recover.error === null ? null : errorText(recover.error);
  return (
    <div className="flex h-full items-center justify-center bg-canvas p-8" data-app-ready="store-damaged">
      <section
        aria-labelledby="damage-title"
        className="w-full max-w-xl rounded border border-state-failed/40 bg-panel p-5 text-sm"
      >
        <h1 id="damage-title" className="text-base font-semibold text-fg">
          Loupe cannot use its data file
        </h1>
        <p className="mt-2 leading-relaxed text-fg" data-testid="damage-summary">
          {visibleText(damage.summary)}
        </p>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          <dt className="text-faint">File</dt>
          <dd className="font-mono break-all text-muted select-text">{visibleText(damage.path)}</dd>
          {damage.newestBackup ? (
            <>
              <dt className="text-faint">Newest backup</dt>
              <dd className="font-mono break-all text-muted select-text">
                <time dateTime={damage.newestBackup.takenAt} title={damage.newestBackup.takenAt}>
                  {new Date(damage.newestBackup.takenAt).toLocaleString()}
                </time>{' '}
                {visibleText(damage.newestBackup.path)}
              </dd>
            </>
          ) : null}
        </dl>
        <p className="mt-3 leading-relaxed text-muted">{visibleText(damage.nextStep)}</p>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          {damage.actions.map((action, index) => (
            <Button
              key={action}
              variant={index === 0 ? 'primary' : 'secondary'}
              title={RECOVERY_WORDS[action].explains}
              disabled={recover.isPending}
              onClick={() => recover.mutate(action)}
            >
              {RECOVERY_WORDS[action].label}
            </Button>
          ))}
          <DetailsToggle shown={showDetails} onToggle={() => setShowDetails((shown) => !shown)} />
        </div>
        {showDetails ? (
          <pre className="mt-3 font-mono text-xs whitespace-pre-wrap text-faint select-text">
            {`code: ${damage.code}\nkind: ${damage.kind}${damage.detail ? `\n${visibleText(damage.detail)}` : ''}`}
          </pre>
        ) : null}
        {failed ? (
          <InlineError
            className="mt-3"
            message={failed.message}
            nextStep={failed.nextStep}
            code={failed.code}
          />
        ) : null}
      </section>
    </div>
  );
}
