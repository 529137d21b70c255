import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { LoupeApi } from '../../src-preload/buildApi';
import { App } from '../app/App';
import { LoupeContext } from '../lib/loupeContext';

export function renderApp(loupe: LoupeApi) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <LoupeContext.Provider value={loupe}>
      <QueryClientProvider client={client}>
        <App />
      </QueryClientProvider>
    </LoupeContext.Provider>,
  );
}
