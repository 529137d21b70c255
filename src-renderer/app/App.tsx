import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactElement } from 'react';
import { AssetsScreen } from '../features/assets/AssetsScreen';
import { BatchesScreen } from '../features/batches/BatchesScreen';
import { JobsScreen } from '../features/jobs/JobsScreen';
import { ModelsScreen } from '../features/models/ModelsScreen';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import { useJobUpdates } from '../hooks/useJobUpdates';
import { useLoupe } from '../lib/loupeContext';
import { appInfoQuery } from '../queries/appQueries';
import { installElectronIntegrations } from './electronIntegrations';
import { useProfileChanges } from '../queries/useProfileChanges';
import { useUiStore, type Section } from '../stores/uiStore';
import { NAV_ITEMS, Sidebar } from './Sidebar';
import { StatusBar } from './StatusBar';
import { useSectionShortcuts } from './useSectionShortcuts';
import { QueryErrorNotice } from '../components/QueryErrorNotice';
import { BatchFinishWatcher } from '../features/batches/BatchFinishWatcher';

const SCREENS: Record<Section, () => ReactElement> = {
  jobs: JobsScreen,
  batches: BatchesScreen,
  assets: AssetsScreen,
  models: ModelsScreen,
  settings: SettingsScreen,
};

export function App() {
  const loupe = useLoupe();
  const info = useQuery(appInfoQuery(loupe));
  const section = useUiStore((state) => state.section);
  const theme = useUiStore((state) => state.theme);
  useSectionShortcuts();
  useProfileChanges();
  useJobUpdates();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const shell = info.data?.shell;
  useEffect(() => (shell === 'electron' ? installElectronIntegrations(loupe) : undefined), [shell, loupe]);
  const Screen = SCREENS[section];
  const title = NAV_ITEMS.find((item) => item.section === section)?.label ?? '';
  return (
    <div className="flex h-full flex-col" data-app-ready={info.isSuccess ? 'true' : 'false'}>
      <div className="flex min-h-0 flex-1">
        <Sidebar />
        <main className="flex min-w-0 flex-1 flex-col">
          <header className="flex h-11 shrink-0 items-center border-b border-line px-4">
            <h1 className="text-sm font-semibold">{title}</h1>
          </header>
          <div className="min-h-0 flex-1">
            {info.isError ? <QueryErrorNotice doing="reach its host process" query={info} /> : <Screen />}
          </div>
        </main>
      </div>
      <StatusBar />
      <BatchFinishWatcher />
    </div>
  );
}
