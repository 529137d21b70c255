import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { onTestFinished } from 'vitest';
import type { LoupeApi } from '../../src-preload/buildApi';
import { App, screenLoadsSettled } from '../app/App';
import { LoupeContext } from '../lib/loupeContext';

export function renderApp(loupe: LoupeApi) {
  // The app fetches the other screens' code a moment after it is up; no fetch may outlive the test (after
  // the unmount, which stops any fetch not yet begun).
  onTestFinished(() => screenLoadsSettled());
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <LoupeContext.Provider value={loupe}>
      <QueryClientProvider client={client}>
        <App />
      </QueryClientProvider>
    </LoupeContext.Provider>,
  );
}
