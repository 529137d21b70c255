import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ProfileList } from '../../../src-shared/contract';
import { Button } from '../../components/Button';
import { JobsIcon } from '../../components/icons';
import { useLoupe } from '../../lib/loupeContext';
import { connectionQuery } from '../../queries/profileQueries';
import { useOnboarding } from './onboardingStore';
import { DemoStatus, LocalStatus } from './FirstRunStatus';
import type { ConnectLocal, TryDemo } from './useFirstRunActions';

const DEFAULT_LOCAL = 'http://127.0.0.1:8189';

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}

function Step({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description: string;
  action: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className="rounded border border-line bg-panel px-4 py-3">
      <div className="flex items-center gap-4">
        <div className="min-w-0 flex-1">
          <h3 className="text-[13px] font-medium text-fg">{title}</h3>
          <p className="mt-0.5 text-xs leading-relaxed text-muted">{description}</p>
        </div>
        <div className="w-64 shrink-0 [&>button]:w-full [&>button]:justify-center [&>button]:whitespace-nowrap">
          {action}
        </div>
      </div>
      {children ? <div className="mt-2 border-t border-line pt-2 empty:hidden">{children}</div> : null}
    </li>
  );
}

interface FirstRunProps {
  list: ProfileList;
  connectLocal: ConnectLocal;
  tryDemo: TryDemo;
  onAddProfile: () => void;
  onAddKey: (profileId: string) => void;
}

/** No profile yet (or a first step under way): the three ways to start, each with its progress and outcome. */
export function FirstRun({ list, connectLocal, tryDemo, onAddProfile, onAddKey }: FirstRunProps) {
  const loupe = useLoupe();
  const step = useOnboarding((state) => state.step);
  const finish = useOnboarding((state) => state.finish);
  const local = list.profiles.find((profile) => profile.builtIn === 'local');
  const demo = list.profiles.find((profile) => profile.builtIn === 'demo');
  const address = hostOf(local?.baseUrl ?? DEFAULT_LOCAL);
  // After a visit elsewhere the mutation is gone, but the report it left in the cache still explains.
  const cachedLocal = useQuery({ ...connectionQuery(loupe, local?.id ?? 'local'), enabled: false });
  const busy = connectLocal.isPending || tryDemo.isPending;
  return (
    <div className="flex h-full justify-center overflow-auto px-8 pt-[10vh] pb-8" data-testid="first-run">
      <div className="w-full max-w-2xl">
        <div className="mb-5 flex items-start gap-3">
          <div className="mt-0.5 text-faint">
            <JobsIcon />
          </div>
          <div>
            <h2 className="text-base font-semibold text-fg">No jobs yet</h2>
            <p className="mt-1 text-sm leading-relaxed text-muted">
              Loupe shows the jobs of one connection profile at a time, and none is chosen yet. Choose where
              to start; you can add more profiles and switch between them at any time.
            </p>
          </div>
        </div>
        <ol className="space-y-2">
          <Step
            title="Local proxy"
            description={`The self-hosted proxy on this computer, at ${address}.`}
            action={
              <Button variant="primary" disabled={busy} onClick={() => connectLocal.mutate()}>
                Connect to the local proxy
              </Button>
            }
          >
            {step === 'local' ? (
              <LocalStatus
                address={address}
                pending={connectLocal.isPending}
                error={connectLocal.error}
                report={connectLocal.data ?? cachedLocal.data}
                onRetry={() => connectLocal.mutate()}
                onContinue={finish}
                onAddKey={() => onAddKey(local?.id ?? 'local')}
              />
            ) : null}
          </Step>
          <Step
            title="Managed service or serverless deployment"
            description="Enter the service address and your API key; the key is kept in your system keychain."
            action={
              <Button disabled={busy} onClick={onAddProfile}>
                Add a managed or serverless profile
              </Button>
            }
          />
          {demo ? (
            <Step
              title="Demo server"
              description="A server with sample jobs that runs inside Loupe, so you can look around first. Nothing leaves this computer."
              action={
                <Button disabled={busy} onClick={() => tryDemo.mutate()}>
                  Try the Demo server
                </Button>
              }
            >
              {step === 'demo' ? (
                <DemoStatus
                  pending={tryDemo.isPending}
                  error={tryDemo.error}
                  onRetry={() => tryDemo.mutate()}
                />
              ) : null}
            </Step>
          ) : null}
        </ol>
      </div>
    </div>
  );
}
