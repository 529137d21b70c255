import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, type RenderHookOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import type { LoupeApi } from '../../src-preload/buildApi';
import { LoupeContext } from '../lib/loupeContext';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

function wrapperFor(loupe: LoupeApi, client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <LoupeContext.Provider value={loupe}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </LoupeContext.Provider>
    );
  };
}

/** Renders a piece of the jobs UI (not the whole App) over a fake host. */
export function renderWithLoupe(ui: ReactElement, loupe: LoupeApi, client = testQueryClient()) {
  return { client, ...render(ui, { wrapper: wrapperFor(loupe, client) }) };
}

export function renderHookWithLoupe<Result, Props>(
  hook: (props: Props) => Result,
  loupe: LoupeApi,
  options: Omit<RenderHookOptions<Props>, 'wrapper'> = {},
  client = testQueryClient(),
) {
  return { client, ...renderHook(hook, { ...options, wrapper: wrapperFor(loupe, client) }) };
}
