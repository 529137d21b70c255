import type { ReactNode } from 'react';
import type { ConnectionReport } from '../../../src-shared/contract';
import { Button } from '../../components/Button';
import { errorText } from '../../components/errorText';
import { InlineError } from '../../components/InlineError';
import { Spinner } from '../../components/Spinner';
import { connectionStateOf } from '../../queries/connectionState';

function Progress({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-xs text-muted">
      <Spinner className="text-accent" />
      {children}
    </p>
  );
}

interface LocalStatusProps {
  address: string;
  pending: boolean;
  error: unknown;
  report: ConnectionReport | undefined;
  onRetry: () => void;
  onContinue: () => void;
  onAddKey: () => void;
}

/** Under "Connect to the local proxy": the check under way, or what it found and what to do about it. */
export function LocalStatus({
  address,
  pending,
  error,
  report,
  onRetry,
  onContinue,
  onAddKey,
}: LocalStatusProps) {
  if (pending) return <Progress>Checking {address}…</Progress>;
  const retry = (
    <Button variant="secondary" onClick={onRetry}>
      Retry
    </Button>
  );
  const carryOn = (
    <Button variant="ghost" onClick={onContinue}>
      Continue anyway
    </Button>
  );
  if (error) {
    const text = errorText(error);
    return (
      <InlineError
        message={text.message}
        nextStep={text.nextStep ?? `Loupe could not check ${address}.`}
        code={text.code}
        actions={
          <>
            {retry}
            {carryOn}
          </>
        }
      />
    );
  }
  if (!report) return null;
  const state = connectionStateOf(report);
  if (state === 'unreachable') {
    return (
      <div data-testid="local-unreachable">
        <InlineError
          message={`Nothing answers at ${address}.`}
          nextStep="Start the proxy on this computer, then retry; or choose another way to start below."
          detail={report.problem?.message}
          code={report.problem?.code ?? 'unreachable'}
          actions={
            <>
              {retry}
              {carryOn}
            </>
          }
        />
      </div>
    );
  }
  if (state === 'keychain-locked') {
    return (
      <InlineError
        message={report.problem?.message ?? 'The saved key could not be read from the system keychain.'}
        nextStep="Unlock or start the system keychain, then retry. Nothing was sent without the key."
        code="credential_unavailable"
        actions={retry}
      />
    );
  }
  if (state === 'key-rejected') {
    return (
      <InlineError
        message={report.problem?.message ?? `The proxy at ${address} did not accept the key.`}
        nextStep="This proxy asks for a token. Add it to the Local proxy profile, then retry."
        code={report.problem?.code ?? 'key_rejected'}
        actions={
          <>
            <Button variant="secondary" onClick={onAddKey}>
              Add the key
            </Button>
            {retry}
          </>
        }
      />
    );
  }
  return null;
}

interface DemoStatusProps {
  pending: boolean;
  error: unknown;
  onRetry: () => void;
}

/** Under "Try the Demo server": its start, which takes a moment, or why it failed. */
export function DemoStatus({ pending, error, onRetry }: DemoStatusProps) {
  if (pending) return <Progress>Starting the Demo server inside Loupe…</Progress>;
  if (!error) return null;
  const text = errorText(error);
  return (
    <InlineError
      message={text.message}
      nextStep={text.nextStep}
      code={text.code}
      actions={
        <Button variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
