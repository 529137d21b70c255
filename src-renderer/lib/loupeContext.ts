import { createContext, useContext } from 'react';
import type { LoupeApi } from '../../src-preload/buildApi';

export const LoupeContext = createContext<LoupeApi | null>(null);

export function useLoupe(): LoupeApi {
  const loupe = useContext(LoupeContext);
  if (!loupe) throw new Error('useLoupe() needs a <LoupeContext.Provider> above it');
  return loupe;
}
