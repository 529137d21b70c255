import { describe, expect, it } from 'vitest';

describe('persisted UI state', () => {
  it('ignores a corrupt or hand-edited saved state instead of breaking the app', async () => {
    localStorage.setItem(
      'loupe.ui',
      JSON.stringify({ state: { section: 'shell', theme: 'neon' }, version: 1 }),
    );
    const { useUiStore } = await import('./uiStore');
    await useUiStore.persist.rehydrate();
    expect(useUiStore.getState().section).toBe('jobs');
    expect(useUiStore.getState().theme).toBe('dark');
    localStorage.setItem(
      'loupe.ui',
      JSON.stringify({ state: { section: 'assets', theme: 'light' }, version: 1 }),
    );
    await useUiStore.persist.rehydrate();
    expect(useUiStore.getState()).toMatchObject({ section: 'assets', theme: 'light' });
    localStorage.setItem('loupe.ui', '{not json');
    await useUiStore.persist.rehydrate();
    expect(useUiStore.getState().section).toBe('assets');
  });
});
