// Renderer test files that vi.mock one of our own modules. The renderer's other files share one module graph
// per worker (vitest.config.ts: isolate: false), where such a mock would miss a module an earlier file already
// loaded and the test would pass or fail by the order of files; these run in a project of their own.
// tests/scripts/filesWithModuleMocks.test.ts checks that the list is complete.
export const RENDERER_FILES_WITH_MODULE_MOCKS = [
  'src-renderer/features/library/LibrarySources.test.tsx',
  'src-renderer/hooks/liveRenders.test.tsx',
];
