import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startOnRememberedScreen } from './app/App';
import { StoreGate } from './features/store/StoreGate';
import { MissingToken } from './app/MissingToken';
import { LoupeContext } from './lib/loupeContext';
import { connectLoupe } from './transport/connectLoupe';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const connection = connectLoupe();
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
if (connection.ok) startOnRememberedScreen(connection.loupe, queryClient);

createRoot(rootElement).render(
  <StrictMode>
    {connection.ok ? (
      <LoupeContext.Provider value={connection.loupe}>
        <QueryClientProvider client={queryClient}>
          <StoreGate>
            <App />
          </StoreGate>
        </QueryClientProvider>
      </LoupeContext.Provider>
    ) : (
      <MissingToken />
    )}
  </StrictMode>,
);
