import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import type { LoupeApi } from '../../src-preload/buildApi';
import { prefetchLibraryStart } from '../features/library/prefetchLibrary';
import { JobsScreen } from '../features/jobs/JobsScreen';
import { LoopOverlays } from '../features/loop/LoopOverlays';
import { lazyScreen, type LazyScreen } from './lazyScreen';
import { LoadingNote } from '../components/LoadingNote';
import { useJobUpdates } from '../hooks/useJobUpdates';
import { useLoupe } from '../lib/loupeContext';
import { appInfoQuery } from '../queries/appQueries';
import { installElectronIntegrations } from './electronIntegrations';
import { useProfileChanges } from '../queries/useProfileChanges';
import { useProfileWork } from '../features/work/useProfileWork';
import { useProfileShower } from '../features/work/showProfile';
import { useUiStore, type Section } from '../stores/uiStore';
import { NAV_ITEMS, Sidebar } from './Sidebar';
import { StatusBar } from './StatusBar';
import { useSectionShortcuts } from './useSectionShortcuts';
import { QueryErrorNotice } from '../components/QueryErrorNotice';
import { BatchFinishWatcher } from '../features/batches/BatchFinishWatcher';

// Jobs is where the app opens, so it comes with it; every other screen is its own chunk (the Models
// screen's form library alone is a third of the app). Start-up parses only what the first screen needs.
const SCREENS: Record<Section, LazyScreen> = {
  jobs: { Component: JobsScreen, preload: () => undefined, settled: () => Promise.resolve() },
  batches: lazyScreen(() => import('../features/batches/BatchesScreen').then((m) => m.BatchesScreen)),
  assets: lazyScreen(() => import('../features/library/LibraryScreen').then((m) => m.LibraryScreen)),
  models: lazyScreen(() => import('../features/models/ModelsScreen').then((m) => m.ModelsScreen)),
  settings: lazyScreen(() => import('../features/settings/SettingsScreen').then((m) => m.SettingsScreen)),
};

/**
 * Resolves once no screen's code is being fetched. Tests wait for it before their file ends: a fetch still
 * under way then would load modules into a torn-down environment (the renderer tests share one module graph
 * per worker, so that failure reached the next files).
 */
export function screenLoadsSettled(): Promise<void> {
  return Promise.all(Object.values(SCREENS).map((screen) => screen.settled())).then(() => undefined);
}

/**
 * Starts fetching the code of the screen the app opens on (the one it remembers) at once, beside the first
 * answers from the host, rather than after them when React first asks for it; the Library asks for its first
 * page too.
 */
export function startOnRememberedScreen(loupe: LoupeApi, client: QueryClient): void {
  const section = useUiStore.getState().section;
  SCREENS[section].preload();
  if (section === 'assets') prefetchLibraryStart(loupe, client);
}

/**
 * The time a start is given to draw its first screen from its first answers before the other screens' code
 * is fetched and compiled: that work, done at once, landed on the job list's first paint.
 */
const PRELOAD_AFTER_MS = 1_500;

/** A while after the app is up and when the page is idle, the others are fetched, so no visit waits for them. */
function usePreloadScreens(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const preload = (): void => {
      for (const screen of Object.values(SCREENS)) screen.preload();
    };
    let idle: number | null = null;
    const timer = setTimeout(() => {
      // Without idle callbacks (a test DOM, WebKit): at once, the wait is over.
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(preload, { timeout: 5_000 });
      else preload();
    }, PRELOAD_AFTER_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== null) cancelIdleCallback(idle);
    };
  }, [ready]);
}

export function App() {
  const loupe = useLoupe();
  const info = useQuery(appInfoQuery(loupe));
  const section = useUiStore((state) => state.section);
  const theme = useUiStore((state) => state.theme);
  useSectionShortcuts();
  useProfileChanges();
  useProfileWork();
  useProfileShower();
  useJobUpdates();
  usePreloadScreens(info.isSuccess);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const shell = info.data?.shell;
  useEffect(() => (shell === 'electron' ? installElectronIntegrations(loupe) : undefined), [shell, loupe]);
  const Screen = SCREENS[section].Component;
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
            {info.isError ? (
              <QueryErrorNotice doing="reach its host process" query={info} />
            ) : (
              <Suspense fallback={<LoadingNote>Opening {title}…</LoadingNote>}>
                <Screen />
              </Suspense>
            )}
          </div>
        </main>
      </div>
      <StatusBar />
      <BatchFinishWatcher />
      <LoopOverlays />
    </div>
  );
}
