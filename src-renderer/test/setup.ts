import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetAllStores, resettable } from './resettableZustand';

// One module graph per worker (vitest.config.ts, isolate: false): each test starts from zustand stores in
// their first state and an empty localStorage, as a fresh window would.
vi.mock('zustand', async (importOriginal) => resettable(await importOriginal()));

afterEach(() => {
  cleanup();
  resetAllStores();
  // A file under `@vitest-environment node` has no storage to clear.
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  // A test that gives navigator a clipboard of its own (one that takes text, or refuses it) has it taken away
  // again here.
  if (typeof navigator !== 'undefined') Reflect.deleteProperty(navigator, 'clipboard');
});
